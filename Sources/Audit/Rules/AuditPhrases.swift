import Chrome
import Paywall

/// The words the audit looks for on a paywall, in each language Tollbooth speaks.
///
/// The disclosure rules (D8–D11) list sentences, each a list of regular expressions that must
/// all match within one sentence (case-insensitive); Japanese says D8 in two sentences. The
/// patterns accept the usual App Store wordings of each language, not only Tollbooth's own
/// copy, so a manifest's reworded disclosure still passes when it says the same thing. Spaces
/// in the Korean patterns are optional: a space where a line wrapped is not on the screen.
enum AuditPhrases {
    /// D8: renews automatically unless turned off 24 hours before the period ends.
    static let renewsAutomatically: [Language: [[String]]] = [
        .en: [[#"renews? automatically|automatically renews?"#, #"24 hours"#, #"before the (end|period ends)"#]],
        .ja: [[#"自動(的に|で)?更新され"#], [#"24時間前"#, #"オフ|解約|キャンセル"#]],
        .de: [[#"verl[äa]nger(t|n) sich automatisch|automatisch (verl[äa]ngert|erneuert)|erneuer(t|n) sich automatisch"#, #"24 Stunden"#, #"vor (dem )?(Ende|Ablauf)"#]],
        .fr: [[#"renouvel\w* automatiquement|automatiquement renouvel|reconduit\w* automatiquement|tacitement reconduit"#, #"24 ?h(eures)?"#, #"avant (la fin|l.expiration|l.échéance)|précédant (la fin|l.expiration|l.échéance)"#]],
        .es: [[#"renuevan? automáticamente|renovación automática"#, #"24 horas"#, #"antes del (final|fin)"#]],
        .it: [[#"rinnov\w* automaticamente|automaticamente rinnovat"#, #"24 ore"#, #"prima (della fine|del termine|della scadenza)"#]],
        .ptBR: [[#"renova\w* automaticamente|automaticamente renovad\w*|renovação automática"#, #"24 horas"#, #"antes d[oa] (fim|final|término|encerramento)"#]],
        .ko: [[#"자동(으로|적으로)? ?갱신(됩|되)"#, #"24시간"#, #"(끝나기|종료|만료).{0,12}전"#]],
        .zhHans: [[#"自动续(订|期|费)"#, #"24 ?小时"#, #"(结束|到期|截止)前"#]],
        .zhHant: [[#"自動續(訂|約|費)"#, #"24 ?小時"#, #"(結束|到期|截止)前"#]],
    ]
    /// D9: the renewal is charged within 24 hours before the period ends.
    static let renewalCharge: [Language: [[String]]] = [
        .en: [[#"charged"#, #"renewal"#, #"within 24 hours"#]],
        .ja: [[#"更新"#, #"24時間以内"#, #"請求"#]],
        .de: [[#"belastet|berechnet|abgebucht|in Rechnung gestellt"#, #"Verl[äa]ngerung"#, #"innerhalb (von|der letzten) 24 Stunden"#]],
        .fr: [[#"débit|factur|prélev"#, #"renouvellement"#, #"(dans les|au cours des) 24 ?h(eures)?"#]],
        .es: [[#"cobr|carg"#, #"renovación"#, #"(dentro de|en) las 24 horas"#]],
        .it: [[#"addebit\w*"#, #"rinnovo"#, #"(entro|nelle) (le )?24 ore"#]],
        .ptBR: [[#"cobrad[oa]|cobrança|cobrar"#, #"renovação"#, #"(nas|dentro das|em até|até|no prazo de) 24 horas"#]],
        .ko: [[#"갱신"#, #"24시간 ?이내"#, #"청구"#]],
        .zhHans: [[#"续(订|期|费)"#, #"24 ?小时内"#, #"扣(款|费|除)|收取|收费"#]],
        .zhHant: [[#"續(訂|約|費)"#, #"24 ?小時內"#, #"收取|收費|扣款|請款"#]],
    ]
    /// D10: payment is charged to the Apple Account at confirmation of purchase.
    static let chargedAtConfirmation: [Language: [[String]]] = [
        .en: [[#"charged"#, #"Apple Account|Apple ID"#, #"confirmation of purchase"#]],
        .ja: [[#"購入の確定時"#, #"請求"#]],
        .de: [[#"belastet|berechnet|abgebucht|abgerechnet"#, #"Apple[ -]Account|Apple[ -]ID"#, #"Best[äa]tigung des Kaufs|Kaufbest[äa]tigung"#]],
        .fr: [[#"débit|factur|prélev"#, #"compte Apple|identifiant Apple"#, #"confirmation de (l.)?achat"#]],
        .es: [[#"cobr|carg"#, #"cuenta de apple|apple id"#, #"confirma(r|ción de) la compra"#]],
        .it: [[#"addebit\w*"#, #"Account Apple|ID Apple"#, #"conferma dell['’]acquisto"#]],
        .ptBR: [[#"cobrad[oa]|cobrança|cobrar"#, #"Conta Apple|ID Apple|Apple ID"#, #"confirmação d[ae] compra"#]],
        .ko: [[#"Apple ?계정|Apple ?ID"#, #"구입 ?(확인|확정) ?시|구매 ?(확인|확정) ?시"#, #"청구"#]],
        .zhHans: [[#"确认购买"#, #"Apple ?(账户|账号|ID)"#, #"扣(款|费|除)|收取|收费|支付"#]],
        .zhHant: [[#"確認購買"#, #"Apple ?(帳號|帳戶|ID)"#, #"收取|收費|扣款|請款|支付"#]],
    ]
    /// D11: managed, and auto-renew turned off, in the account settings.
    static let manageInSettings: [Language: [[String]]] = [
        .en: [[#"manage"#, #"turn(ed)? off auto-?renew"#, #"account settings"#]],
        .ja: [[#"アカウント設定"#, #"管理"#, #"自動更新"#]],
        .de: [[#"verwalten|verwaltet"#, #"automatische(n)? Verl[äa]ngerung .{0,40}(deaktivier|ausschalt|abschalt|k[üu]ndig)|(deaktivier|ausschalt|abschalt)\w* .{0,40}automatische(n)? Verl[äa]ngerung"#, #"Account-?Einstellungen|Kontoeinstellungen|Einstellungen (Ihres|des) (Apple )?Accounts"#]],
        .fr: [[#"\bgér"#, #"désactiv\w*( le)? renouvellement automatique|renouvellement automatique (peut être |est )?désactiv"#, #"(réglages|paramètres) (de votre|du) compte"#]],
        .es: [[#"gestiona|administra"#, #"desactivar? la renovación automática"#, #"ajustes de (tu |la )?cuenta"#]],
        .it: [[#"gesti(re|sci|one)"#, #"disattiva(re)? (il |l['’])?rinnovo automatico"#, #"impostazioni (dell['’])?account|impostazioni account"#]],
        .ptBR: [[#"gerenci|gerir"#, #"(desativ|deslig|cancel)\w* a renovação automática|renovação automática (\w+ )?(\w+ )?(desativad|desligad|cancelad)"#, #"ajustes da conta|configurações da conta"#]],
        .ko: [[#"계정 ?설정"#, #"관리"#, #"자동 ?갱신(을|은)? ?(끄|끌|해제|취소)"#]],
        .zhHans: [[#"(账户|账号|Apple ?(账户|ID) ?)设置"#, #"管理"#, #"(关闭|取消)自动续(订|期|费)"#]],
        .zhHant: [[#"(帳號|帳戶|Apple ?(帳號|ID) ?)設定"#, #"管理"#, #"(關閉|取消)自動續(訂|約|費)"#]],
    ]
    /// D22: a monthly plan's commitment. `payments` holds `{n}`, the number of payments;
    /// `commitment` and `renews` must stand in the same sentence as the amounts. `renews` is the
    /// commitment's own renewal, a verb: the "auto-renew" the same sentence names as the way to
    /// stop it does not count.
    static let commitment: [Language: (payments: String, commitment: String, renews: String)] = [
        .en: (#"\b{n} (monthly )?payments\b"#, #"commitment|commit\b"#, #"\brenews\b|\brenewal\b"#),
        .ja: (#"{n} ?回"#, #"契約|コミットメント"#, #"更新され|更新します|継続され"#),
        .de: (#"\b{n} (monatliche )?Zahlungen"#, #"Bindung|Vertragslaufzeit|Verpflichtung"#, #"verl[äa]ngert|erneuert"#),
        .fr: (#"\b{n} paiements"#, #"engagement"#, #"renouvelle\b|renouvelé|reconduit"#),
        .es: (#"\b{n} pagos"#, #"compromiso|permanencia"#, #"renueva|renovará"#),
        .it: (#"\b{n} pagamenti"#, #"impegno|vincolo"#, #"rinnova\b|rinnoverà"#),
        .ptBR: (#"\b{n} pagamentos"#, #"compromisso|fidelidade"#, #"renova\b|renovará|renovado"#),
        .ko: (#"{n} ?회"#, #"약정"#, #"갱신(됩|되)"#),
        .zhHans: (#"{n} ?次"#, #"承诺|合约"#, #"再续(订|期)|将(再)?续(订|期)"#),
        .zhHant: (#"{n} ?次"#, #"承諾|合約"#, #"再續(訂|約)|將(再)?續(訂|約)"#),
    ]
    /// What a reviewer reads as "this stops working" after a one-time unlock's trial (D18).
    static let trialStops: [Language: String] = [
        .en: #"stops? working|no longer work|(is|are|gets?) locked|can(no|')t (be )?use"#,
        .ja: #"使えなく|利用できなく|ロックされ|停止"#,
        .de: #"funktionier\w* .{0,60}nicht mehr|nicht mehr (funktionier|nutzbar|verf[üu]gbar|verwendbar|genutzt|verwendet)|gesperrt|nicht mehr .{0,20}(nutzen|verwenden)"#,
        .fr: #"cess\w* de fonctionner|ne fonctionne\w* plus|(est|sont|sera|seront) verrouillé|ne (pouvez|pourrez) plus (les |l.)?utiliser|ne (sont|seront) plus (disponibles|accessibles)"#,
        .es: #"dej(a|an|ará|arán) de funcionar|ya no funciona|(se )?bloquea|no (podrás|puedes|se (puede|pueden)) usar"#,
        .it: #"smett\w* di funzionare|non funzion\w* più|(viene|vengono|verrà|verranno|sarà|saranno|è|sono) bloccat|non (puoi|potrai|si può|si potrà|si possono|si potranno) più (usar|utilizzar)|non (è|sono|sarà|saranno) più (disponibil|utilizzabil|accessibil)"#,
        .ptBR: #"(deixa|deixam|deixará|deixarão|para|param|parará|pararão) de funcionar|bloquead|não (pode|podem|poderá|poderão) (mais )?ser usad"#,
        .ko: #"사용할 ?수 ?없|이용할 ?수 ?없|사용하실 ?수 ?없|이용하실 ?수 ?없|잠깁|잠기|잠겨|작동하지 ?않|중지"#,
        .zhHans: #"无法(再|继续)?使用|不能(再|继续)?使用|停止(工作|运行)|被锁定|将锁定"#,
        .zhHant: #"無法(再|繼續)?使用|不能(再|繼續)?使用|停止(運作|運行)|被鎖定|將鎖定"#,
    ]
    /// An unused free trial is forfeited when a subscription is bought (D12).
    static let trialForfeit: [Language: String] = [
        .en: #"unused.*trial.*forfeit"#,
        .ja: #"未使用.*失効"#,
        .de: #"(nicht genutzt|ungenutzt).*(probe|test).*verf[äa]ll"#,
        .fr: #"(inutilisée|non utilisée).*essai.*(perdu|annulé|expir)|essai.*(inutilisée|non utilisée).*(perdu|annulé|expir)"#,
        .es: #"(no utilizad|sin usar).*prueba.*(perder|pierd)|prueba.*(no utilizad|sin usar).*(perder|pierd)"#,
        .it: #"(non utilizzat|inutilizzat).*prova.*(pers[aoie]|decad|annullat)"#,
        .ptBR: #"não (utilizad|usad).*(avaliação|teste).*perd"#,
        .ko: #"(사용하지 ?않은|미사용|남은).*체험.*(소멸|상실|몰수)"#,
        .zhHans: #"未使用.*(作废|失效|被没收)"#,
        .zhHant: #"未使用.*(作廢|失效|被沒收)"#,
    ]
    /// The Privacy Policy link's label (D5).
    static let privacyLabel: [Language: String] = [
        .en: "Privacy Policy",
        .ja: "プライバシーポリシー",
        .de: "Datenschutzrichtlinie",
        .fr: "Politique de confidentialité",
        .es: "Política de privacidad",
        .it: "Informativa sulla privacy",
        .ptBR: "Política de Privacidade",
        .ko: "개인정보 처리방침",
        .zhHans: "隐私政策",
        .zhHant: "隱私權政策",
    ]
    /// The Terms of Use link's label (D6).
    static let termsLabel: [Language: String] = [
        .en: "Terms of Use",
        .ja: "利用規約",
        .de: "Nutzungsbedingungen",
        .fr: "Conditions d'utilisation",
        .es: "Condiciones de uso",
        .it: "Condizioni d'uso",
        .ptBR: "Termos de Uso",
        .ko: "이용 약관",
        .zhHans: "使用条款",
        .zhHant: "使用條款",
    ]
    /// The Restore Purchases button's label (D14).
    static let restoreLabel: [Language: String] = [
        .en: "Restore Purchases",
        .ja: "購入を復元",
        .de: "Käufe wiederherstellen",
        .fr: "Restaurer les achats",
        .es: "Restaurar compras",
        .it: "Ripristina acquisti",
        .ptBR: "Restaurar Compras",
        .ko: "구입 항목 복원",
        .zhHans: "恢复购买",
        .zhHant: "回復購買項目",
    ]
}
