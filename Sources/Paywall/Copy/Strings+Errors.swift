import MockStore

/// A title and a one-sentence message for every error the store can throw or inject.
///
/// The switches are exhaustive on purpose: a new error case in MockStore fails to compile here
/// until someone writes its copy. Japanese reuses the seed apps' wording (docs/domain.md §5).
extension Strings {
    /// The alert title for an error.
    public func errorTitle(_ error: InjectedError) -> String {
        switch error {
        case .storeKit(let e): storeKitTitle(e)
        case .purchase(let e): purchaseTitle(e)
        case .verification: pick("Verification failed", "検証に失敗しました")
        case .refundRequest: pick("Refund request failed", "返金リクエストに失敗しました")
        }
    }

    /// The sentence that tells the customer what happened and what to do.
    public func errorMessage(_ error: InjectedError) -> String {
        switch error {
        case .storeKit(let e): storeKitMessage(e)
        case .purchase(let e): purchaseMessage(e)
        case .verification(let e): verificationMessage(e)
        case .refundRequest(let e): refundMessage(e)
        }
    }

    func storeKitTitle(_ e: StoreKitError) -> String {
        switch e {
        case .unknown: pick("Purchase failed", "購入に失敗しました")
        case .userCancelled: pick("Cancelled", "キャンセルしました")
        case .networkError: pick("Connection error", "接続エラー")
        case .systemError: pick("System error", "システムエラー")
        case .notAvailableInStorefront: pick("Not available", "利用できません")
        case .notEntitled: pick("Purchase error", "購入エラー")
        case .unsupported: pick("Not supported", "サポートされていません")
        }
    }

    func storeKitMessage(_ e: StoreKitError) -> String {
        switch e {
        case .unknown: pick("An unknown error occurred. Please try again.", "不明なエラーが発生しました。もう一度お試しください。")
        case .userCancelled: pick("The purchase was cancelled.", "ユーザーによって購入がキャンセルされました。")
        case .networkError: pick("Check your internet connection and try again.", "インターネット接続を確認してください。")
        case .systemError: pick("A system error occurred. Please try again later.", "システムエラーが発生しました。しばらくしてからもう一度お試しください。")
        case .notAvailableInStorefront: pick("This item isn't available in your region.", "この商品はお住まいの地域では利用できません。")
        case .notEntitled: pick("The purchase couldn't be completed.", "購入を完了できませんでした。")
        case .unsupported: pick("This isn't supported on this device.", "この操作はこのデバイスではサポートされていません。")
        }
    }

    func purchaseTitle(_ e: PurchaseError) -> String {
        switch e {
        case .invalidQuantity: pick("Invalid quantity", "数量が無効です")
        case .productUnavailable: pick("Product unavailable", "商品が無効です")
        case .purchaseNotAllowed: pick("Purchases disabled", "購入できません")
        case .ineligibleForOffer: pick("Offer unavailable", "オファーを利用できません")
        case .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters:
            pick("Invalid offer", "無効なオファー")
        }
    }

    func purchaseMessage(_ e: PurchaseError) -> String {
        switch e {
        case .invalidQuantity: pick("The requested quantity isn't allowed for this item.", "指定された数量ではこの商品を購入できません。")
        case .productUnavailable: pick("The product is not available.", "指定した商品が無効です。")
        case .purchaseNotAllowed: pick("Payments are disabled on this device.", "OSの支払い機能が無効化されています。")
        case .ineligibleForOffer: pick("You aren't eligible for this offer.", "このオファーの対象ではありません。")
        case .invalidOfferIdentifier: pick("The offer identifier isn't valid.", "オファーIDが無効です。")
        case .invalidOfferPrice: pick("The offer price isn't valid.", "オファーの価格が無効です。")
        case .invalidOfferSignature: pick("The offer signature isn't valid.", "オファーの署名が無効です。")
        case .missingOfferParameters: pick("The offer is missing required parameters.", "オファーに必要なパラメータがありません。")
        }
    }

    func verificationMessage(_ e: VerificationError) -> String {
        let detail = switch e {
        case .revokedCertificate: pick("The signing certificate has been revoked.", "署名証明書が失効しています。")
        case .invalidCertificateChain: pick("The certificate chain is invalid.", "証明書チェーンが不正です。")
        case .invalidDeviceVerification: pick("The transaction wasn't made for this device.", "デバイスの検証に失敗しました。")
        case .invalidEncoding: pick("The transaction data is malformed.", "トランザクションデータの形式が不正です。")
        case .invalidSignature: pick("The transaction's signature is invalid.", "トランザクションデータの署名が不正です。")
        case .missingRequiredProperties: pick("The transaction is missing required fields.", "トランザクションデータに必須項目がありません。")
        }
        return detail + pick(" Access was not granted.", "特典は付与されませんでした。")
    }

    func refundMessage(_ e: RefundRequestError) -> String {
        switch e {
        case .duplicateRequest: pick("A refund has already been requested for this purchase.", "この購入の返金はすでにリクエストされています。")
        case .failed: pick("The refund request couldn't be sent.", "返金リクエストを送信できませんでした。")
        }
    }
}
