"""Small semantic changes a user would notice; Tests/Mutation/run.py checks the tests catch each.

Each mutation: an id, what it breaks (in a user's words), the file, one exact snippet and its
replacement, and the suite expected to catch it ('swift:FILTER' or 'e2e:PYTEST ARGS'). Keep
snippets short and unique in their file; the run reports a snippet it cannot find as stale.
"""

MUTATIONS = [
    # Disclosures (D8-D12): the sentences App Review reads.
    dict(id="M01", what="D9 renewal sentence loses the renewal price",
         file="Sources/Paywall/Copy/Strings+Disclosure.swift",
         find='at the regular price (\\(prices)).",',
         replace='at the regular price.",',
         suite="swift:DisclosureTests"),
    dict(id="M02", what="D8 no longer says 24 hours (English)",
         file="Sources/Paywall/Copy/Strings+Disclosure.swift",
         find="turned off at least 24 hours before the end of the period.",
         replace="turned off before the end of the period.",
         suite="swift:DisclosureTests"),
    dict(id="M03", what="D11 no longer names Account Settings (Japanese)",
         file="Sources/Paywall/Copy/Strings+Disclosure.swift",
         find="購入後は、アカウント設定でサブスクリプションの管理や自動更新のオフができます。",
         replace="購入後は、サブスクリプションの管理や自動更新のオフができます。",
         suite="swift:DisclosureTests"),
    dict(id="M04", what="D10 disappears (charged at confirmation)",
         file="Sources/Paywall/Copy/Strings+Disclosure.swift",
         find='pick("Payment is charged to your Apple Account at confirmation of purchase.",',
         replace='pick("",',
         suite="swift:DisclosureTests"),

    # Store engine.
    dict(id="M05", what="upgrade refunds the used part of the old period instead of the unused part",
         file="Sources/MockStore/Engine/SubscriptionRules.swift",
         find="let fraction = Decimal(end.timeIntervalSince(now) / total)",
         replace="let fraction = Decimal(now.timeIntervalSince(transaction.purchaseDate) / total)",
         suite="swift:MockStoreTests"),
    dict(id="M06", what="intro offer given again to a customer who already subscribed in the group",
         file="Sources/MockStore/Engine/SubscriptionRules.swift",
         find="return try isEligibleForIntroOffer(group: info.groupID, in: context.db, rule: context.settings.introRule) ? intro : nil",
         replace="return intro",
         suite="swift:MockStoreTests"),
    dict(id="M07", what="Ask to Buy purchases complete at once instead of waiting for approval",
         file="Sources/MockStore/Engine/PurchaseRules.swift",
         find="let askToBuy = options.askToBuy ?? context.settings.switches.askToBuy",
         replace="let askToBuy = false",
         suite="swift:MockStoreTests"),
    dict(id="M08", what="a refund leaves the subscription's state untouched",
         file="Sources/MockStore/Engine/AdminRules.swift",
         find="            row.state = .revoked\n            row.willAutoRenew = false\n",
         replace="            row.willAutoRenew = false\n",
         suite="swift:MockStoreTests"),
    dict(id="M09", what="grace period at real time is 6 days for monthly plans as for weekly ones",
         file="Sources/MockStore/Clock/TimeRate.swift",
         find="case .realTime: return weekly ? 6 * day : 16 * day",
         replace="case .realTime: return 6 * day",
         suite="swift:MockStoreTests"),
    dict(id="M10", what="billing retry at real time lasts 30 days instead of 60",
         file="Sources/MockStore/Clock/TimeRate.swift",
         find="case .realTime: return 60 * day",
         replace="case .realTime: return 30 * day",
         suite="swift:MockStoreTests"),

    # Plan logic on the paywall.
    dict(id="M11", what="paywall advertises the free trial to customers who are not eligible",
         file="Sources/Paywall/Plans/PlanFacts.swift",
         find="snapshot?.introEligibleGroupIDs.contains(info.subscriptionGroupID) == true { intro } else { nil }",
         replace="true { intro } else { nil }",
         suite="swift:PaywallTests"),

    # Sanitiser: hostile catalog text must not reach the terminal.
    dict(id="M12", what="bidi controls (U+202E reverses text) pass through the sanitiser",
         file="Sources/TerminalUI/Text/SafeText.swift",
         find="case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true  // bidi",
         replace="case 0x200E, 0x200F, 0x061C: return true  // bidi",
         suite="swift:TerminalUITests"),
    dict(id="M13", what="C1 controls (8-bit CSI 0x9B and friends) pass through the sanitiser",
         file="Sources/TerminalUI/Text/SafeText.swift",
         find="case 0x00...0x1F, 0x7F, 0x80...0x9F: return true  // C0, DEL, C1",
         replace="case 0x00...0x1F, 0x7F: return true  // C0, DEL, C1",
         suite="swift:TerminalUITests"),
    dict(id="M14", what="an escape sequence loses only its ESC, leaving '[2J' debris on screen",
         file="Sources/TerminalUI/Text/SafeText.swift",
         find="            if v == 0x1B {\n                skipEscapeSequence(&scalars)\n                continue\n            }",
         replace="            if v == 0x1B { continue }",
         suite="swift:TerminalUITests"),

    # The CLI, end to end.
    dict(id="M15", what="tollbooth check prints each loader warning twice",
         file="Sources/tollbooth/CheckCommand.swift",
         find="        for finding in findings { print(\"\\(catalog): \\(finding)\") }\n",
         replace="        for finding in findings { print(\"\\(catalog): \\(finding)\") }\n"
                 "        for warning in loaded.warnings { print(\"\\(catalog): warning: \\(warning)\") }\n",
         suite="e2e:Tests/EndToEnd/test_check.py"),
]
