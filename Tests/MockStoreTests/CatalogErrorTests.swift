import Foundation
import Testing
@testable import MockStore

/// A small configuration with the given parts, laid out one key per line like Xcode does.
func config(products: String = "", groups: String = "", settings: String = "{}", extra: String = "",
            version: String = #"{ "major" : 3, "minor" : 0 }"#) -> String {
    """
    {
      "products" : [\(products)],
      "settings" : \(settings),
      "subscriptionGroups" : [\(groups)],
      \(extra)"version" : \(version)
    }
    """
}

/// A one-line product object; `overrides` replace fields, and the value `nil` removes one.
func productJSON(_ overrides: [String: String?] = [:]) -> String {
    object([
        ("displayPrice", #""0.99""#), ("familyShareable", "false"), ("localizations", "[]"),
        ("productID", #""p""#), ("type", #""Consumable""#),
    ], overrides)
}

/// A one-line auto-renewable subscription object for group `G`.
func subscriptionJSON(_ overrides: [String: String?] = [:]) -> String {
    object([
        ("displayPrice", #""4.99""#), ("groupNumber", "1"), ("productID", #""s""#),
        ("recurringSubscriptionPeriod", #""P1M""#), ("subscriptionGroupID", #""G""#),
        ("type", #""RecurringSubscription""#),
    ], overrides)
}

func groupJSON(_ subscriptions: String...) -> String {
    #"{ "id" : "G", "name" : "Group", "subscriptions" : ["# + subscriptions.joined(separator: ", ") + "] }"
}

private func object(_ base: [(String, String)], _ overrides: [String: String?]) -> String {
    var fields = base
    for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
        if let index = fields.firstIndex(where: { $0.0 == key }) {
            if let value { fields[index].1 = value } else { fields.remove(at: index) }
        } else if let value {
            fields.append((key, value))
        }
    }
    return "{ " + fields.map { "\"\($0.0)\" : \($0.1)" }.joined(separator: ", ") + " }"
}

/// Line and column (in characters) where `needle` first occurs in `text`: computed independently
/// of the loader, to check the positions it reports.
func location(of needle: String, in text: String) -> (line: Int, column: Int) {
    guard let range = text.range(of: needle) else { return (0, 0) }
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (line, text[lineStart..<range.lowerBound].unicodeScalars.count + 1)
}

@Suite struct JSONSyntaxErrorTests {
    private let fix = "the file is not valid JSON; fix it or re-save it from Xcode."

    @Test func missingCommaBetweenMembersIsReportedAtTheNextKey() {
        let text = """
        {
          "products" : [
            {
              "displayPrice" : "0.99",
              "familyShareable" : false,
              "internalID" : "3C410FF4",
              "localizations" : [

              ],
              "productID" : "a",
              "referenceName" : "A"
              "type" : "Consumable"
            }
          ]
        }
        """
        let error = loadError(text, name: "Products.storekit")
        #expect(error?.kind == .syntax)
        #expect(error?.line == 12)
        #expect(error?.column == 7)
        #expect(error?.description == "Products.storekit:12:7: expected ',' or '}' after an object member — \(fix)")
    }

    @Test func wrongCloserNamesWhatWasFound() {
        let error = loadError(#"{"a" : 1 ]"#)
        #expect(error?.description == "Test.storekit:1:10: expected ',' or '}' after an object member, but found ']' — \(fix)")
        let array = loadError("[1 2]")
        #expect(array?.line == 1 && array?.column == 4)
        #expect(array?.problem.hasPrefix("expected ',' or ']' after an array element") == true)
    }

    @Test func trailingCommaIsReportedAtTheComma() {
        let error = loadError("{\n  \"products\" : [],\n}")
        #expect(error?.line == 2)
        #expect(error?.column == 18)
        #expect(error?.problem == "a trailing comma before '}' is not allowed in JSON")
        let inArray = loadError(#"{"products" : [1,]}"#)
        #expect(inArray?.column == 17)
        #expect(inArray?.problem == "a trailing comma before ']' is not allowed in JSON")
    }

    @Test func truncatedFileNamesTheOpenContainer() {
        let error = loadError("{\n  \"products\" : [\n")
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.problem == "the file ends before the array opened at 2:16 is closed (it may have been cut short)")
        let inKey = loadError(#"{"products"#)
        #expect(inKey?.column == 2)
        #expect(inKey?.problem == "the string that starts here is never closed with '\"'")
    }

    @Test func commentsSingleQuotesAndBarewordsAreExplained() {
        let comment = loadError("{\n  // products\n  \"products\" : []\n}")
        #expect(comment?.line == 2 && comment?.column == 3)
        #expect(comment?.problem.contains("comments are not allowed in JSON") == true)
        let single = loadError("{'products' : []}")
        #expect(single?.column == 2)
        #expect(single?.problem.contains("single quote") == true)
        let bare = loadError(#"{"a" : True}"#)
        #expect(bare?.column == 8)
        #expect(bare?.problem.contains("'True'") == true)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = loadError(#"{"名前" : 1 x}"#)
        #expect(error?.line == 1)
        #expect(error?.column == 11)
    }

    @Test func crlfLineEndingsCountLines() {
        let error = loadError("{\r\n  \"a\" : 1\r\n  \"b\" : 2\r\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 3)
    }

    @Test func badEscapesAndSurrogates() {
        let escape = loadError(#"{"a" : "\q"}"#)
        #expect(escape?.column == 9)
        #expect(escape?.problem.hasPrefix(#"\q is not a JSON escape"#) == true)
        let lone = loadError(#"{"a" : "\ud83c"}"#)
        #expect(lone?.column == 9)
        #expect(lone?.problem.contains("surrogate") == true)
        let low = loadError(#"{"a" : "\udf54"}"#)
        #expect(low?.problem.contains("lone low surrogate") == true)
        let short = loadError(#"{"a" : "\u12"}"#)
        #expect(short?.problem.contains("four hexadecimal digits") == true)
        let control = loadError("{\"a\" : \"x\ty\"}")
        #expect(control?.column == 10)
        #expect(control?.problem.contains("control character") == true)
    }

    @Test func numbersFollowTheJSONGrammar() {
        #expect(loadError(#"{"version" : {"major" : 01}}"#)?.problem.contains("leading zero") == true)
        #expect(loadError(#"{"version" : {"major" : 1.}}"#)?.problem.contains("decimal point") == true)
        #expect(loadError(#"{"version" : {"major" : -}}"#)?.problem.contains("'-' must be followed by a digit") == true)
        #expect(loadError(#"{"version" : {"major" : 1e}}"#)?.problem.contains("exponent") == true)
    }

    @Test func hostileNestingIsRefusedWithoutCrashing() {
        let error = loadError(String(repeating: "[", count: 100_000))
        #expect(error?.kind == .syntax)
        #expect(error?.column == 65)
        #expect(error?.problem.contains("nested more than 64 levels") == true)
        let objects = loadError(String(repeating: #"{"a":"#, count: 10_000))
        #expect(objects?.kind == .syntax)
    }

    @Test func extraTextAfterTheDocument() {
        let error = loadError("{\"products\" : []}\n}")
        #expect(error?.line == 2 && error?.column == 1)
        #expect(error?.problem == "unexpected '}' after the end of the JSON document")
    }
}

@Suite struct EncodingAndShapeErrorTests {
    @Test func invalidUTF8IsLocated() {
        var bytes = Array(#"{"a" : ""#.utf8)
        bytes.append(0xFF)
        bytes += Array(#""}"#.utf8)
        let error = #expect(throws: CatalogError.self) {
            try CatalogLoader.load(data: Data(bytes), source: "Latin1.storekit")
        }
        #expect(error?.kind == .encoding)
        #expect(error?.description == "Latin1.storekit:1:9: the byte 0xFF is not valid UTF-8 — save the file as UTF-8, or re-save it from Xcode.")
    }

    @Test func utf16IsRefusedAndUTF8ByteOrderMarkIsAccepted() throws {
        let utf16 = Data([0xFF, 0xFE]) + config().data(using: .utf16LittleEndian)!
        let error = #expect(throws: CatalogError.self) { try CatalogLoader.load(data: utf16, source: "Wide.storekit") }
        #expect(error?.kind == .encoding)
        #expect(error?.description.hasPrefix("Wide.storekit is saved as UTF-16") == true)

        let withBOM = Data([0xEF, 0xBB, 0xBF]) + Data(config(products: productJSON()).utf8)
        let catalog = try CatalogLoader.load(data: withBOM, source: "BOM.storekit")
        #expect(catalog.products.map(\.id) == ["p"])
    }

    @Test func whitespaceOnlyFileIsEmpty() {
        let error = loadError("  \n\t\n", name: "Blank.storekit")
        #expect(error?.kind == .empty)
        #expect(error?.description.hasPrefix("Blank.storekit contains only whitespace (5 bytes): export it again from Xcode") == true)
    }

    @Test func jsonThatIsNotAConfiguration() {
        let array = loadError("[]")
        #expect(array?.kind == .notStoreKit)
        #expect(array?.description == "Test.storekit:1:1: the top level is an array, but a StoreKit configuration is a JSON object — point tollbooth at the .storekit file Xcode saved.")
        let other = loadError(#"{"name" : "my-app", "dependencies" : {}}"#)
        #expect(other?.kind == .notStoreKit)
        #expect(other?.problem.contains("none of `version`, `products` or `subscriptionGroups`") == true)
    }

    @Test func missingFileNamesThePath() {
        let error = #expect(throws: CatalogError.self) { try CatalogLoader.load(path: "/nonexistent/Products.storekit") }
        #expect(error?.kind == .notFound)
        #expect(error?.description == "/nonexistent/Products.storekit does not exist: check the path (relative paths start from the current directory).")
    }
}

@Suite struct SemanticErrorTests {
    @Test func missingProductIDPointsAtTheProduct() {
        let text = config(products: productJSON(["productID": nil]))
        let error = loadError(text)
        #expect(error?.kind == .missingValue)
        let expected = location(of: #"{ "displayPrice""#, in: text)
        #expect(error?.line == expected.line && error?.column == expected.column)
        #expect(error?.problem == "a product in `products` has no `productID`")
        #expect(error?.description.hasPrefix("Test.storekit:\(expected.line):\(expected.column): a product in `products` has no `productID` — ") == true)
    }

    @Test func badPeriodNamesTheValueAndTheFix() {
        let text = config(groups: groupJSON(subscriptionJSON(["recurringSubscriptionPeriod": #""1 month""#])))
        let error = loadError(text)
        let expected = location(of: #""1 month""#, in: text)
        #expect(error?.kind == .invalidValue)
        #expect(error?.line == expected.line && error?.column == expected.column)
        #expect(error?.problem == #"`recurringSubscriptionPeriod` "1 month" of subscription "s" is not an ISO-8601 period"#)
        #expect(error?.fix.contains("P1M") == true)
    }

    @Test(arguments: [#""4,99""#, #""$4.99""#, #""4.99abc""#, #""""#, #""-1""#, #""1e3""#, #"" 4.99""#, #""4.""#])
    func nonDecimalPricesAreRefused(price: String) {
        let text = config(products: productJSON(["displayPrice": price]))
        let error = loadError(text)
        let keyAt = location(of: #""displayPrice" : "# + price, in: text)
        let expected = (line: keyAt.line, column: keyAt.column + #""displayPrice" : "#.count)
        #expect(error?.kind == .invalidValue)
        #expect(error?.line == expected.line && error?.column == expected.column)
        #expect(error?.problem.hasSuffix(#"of product "p" is not a decimal number"#) == true)
    }

    @Test func priceWrittenAsNumberSaysToQuoteIt() {
        let text = config(products: productJSON(["displayPrice": "4.99"]))
        let error = loadError(text)
        #expect(error?.problem == #"`displayPrice` of product "p" is the number 4.99, but Xcode writes prices as strings"#)
        #expect(error?.fix == #"put it in double quotes, like "4.99""#)
    }

    @Test func wrongJSONTypesAreNamed() {
        let level = loadError(config(groups: groupJSON(subscriptionJSON(["groupNumber": #""1""#]))))
        #expect(level?.problem == #"`groupNumber` of subscription "s" should be a whole number, but it is a string"#)
        let rate = loadError(config(settings: #"{ "_timeRate" : "fast" }"#))
        #expect(rate?.problem == "`_timeRate` of `settings` should be a whole number, but it is a string")
        let settings = loadError(config(settings: "[]"))
        #expect(settings?.problem == "`settings` should be an object, but it is an array")
        let flag = loadError(config(products: productJSON(["familyShareable": "1"])))
        #expect(flag?.problem == #"`familyShareable` of product "p" should be true or false, but it is a number"#)
    }

    @Test func productTypesMustBeKnownAndInTheRightList() {
        let unknown = loadError(config(products: productJSON(["type": #""Subscription""#])))
        #expect(unknown?.problem == #"`type` "Subscription" of product "p" is not a product type"#)
        let misplaced = loadError(config(products: productJSON(["type": #""RecurringSubscription""#])))
        #expect(misplaced?.problem.contains("auto-renewable subscriptions live in a group") == true)
    }

    @Test func offerProblems() {
        let zero = loadError(config(groups: groupJSON(subscriptionJSON([
            "introductoryOffer": #"{ "paymentMode" : "payAsYouGo", "subscriptionPeriod" : "P1M", "numberOfPeriods" : 0, "displayPrice" : "1.99" }"#,
        ]))))
        #expect(zero?.problem.contains("`numberOfPeriods` of the introductory offer of subscription \"s\" is 0") == true)
        let noPrice = loadError(config(groups: groupJSON(subscriptionJSON([
            "introductoryOffer": #"{ "paymentMode" : "payUpFront", "subscriptionPeriod" : "P1M" }"#,
        ]))))
        #expect(noPrice?.kind == .missingValue)
        #expect(noPrice?.problem == #"the introductory offer of subscription "s" has no `displayPrice`"#)
        let noOfferID = loadError(config(groups: groupJSON(subscriptionJSON([
            "adHocOffers": #"[{ "paymentMode" : "free", "subscriptionPeriod" : "P1M" }]"#,
        ]))))
        #expect(noOfferID?.problem == #"a promotional offer of subscription "s" has no `offerID`"#)
    }

    @Test func handWrittenAppStoreConnectShapeIsRefused() {
        let text = config(products: productJSON(["familyShareable": nil, "familySharable": "true"]))
        let error = loadError(text)
        let expected = location(of: #""familySharable""#, in: text)
        #expect(error?.kind == .notXcode)
        #expect(error?.line == expected.line && error?.column == expected.column)
        #expect(error?.problem == #"this file was not written by Xcode: product "p" uses keys Xcode never writes (familySharable) instead of familyShareable"#)
    }
}

@Suite struct TolerancesTests {
    @Test func unknownMajorVersionLoadsWithAWarning() throws {
        let catalog = try loadText(config(products: productJSON(), version: #"{ "major" : 6, "minor" : 1 }"#))
        #expect(catalog.version == CatalogVersion(major: 6, minor: 1))
        #expect(catalog.products.count == 1)
        #expect(catalog.warnings.count == 1)
        #expect(catalog.warnings.first?.contains("format version 6.1 is not one Tollbooth knows") == true)
    }

    @Test func unknownKeysAreToleratedAndTopLevelOnesNoted() throws {
        let text = config(
            products: productJSON(["promotionalImageID": #""X""#, "somethingNew": #"{"deep" : [1, 2]}"#]),
            extra: "\"nonConsumableProducts\" : [],\n  ")
        let catalog = try loadText(text)
        #expect(catalog.products.map(\.id) == ["p"])
        let expected = location(of: #""nonConsumableProducts""#, in: text)
        #expect(catalog.warnings == ["Test.storekit:\(expected.line):\(expected.column): the top-level key \"nonConsumableProducts\" is not one Xcode writes, so it is ignored."])
    }

    @Test func v5IntroductoryOffersPickTheUpfrontPlan() throws {
        let offers = """
        [{ "billingPlanType" : "MONTHLY", "paymentMode" : "payAsYouGo", "subscriptionPeriod" : "P1M", "displayPrice" : "0.10" },
         { "billingPlanType" : "BILLED_UPFRONT", "paymentMode" : "free", "subscriptionPeriod" : "P2W" }]
        """
        let catalog = try loadText(config(groups: groupJSON(subscriptionJSON(["introductoryOffers": offers]))))
        let intro = try #require(catalog.product(id: "s")?.subscription?.introductoryOffer)
        #expect(intro.billingPlanType == "BILLED_UPFRONT")
        #expect(intro.period == SubscriptionPeriod(value: 2, unit: .week))
    }

    @Test func settingsShapesFromEveryEra() throws {
        let settings = """
        { "_compatibilityTimeRate" : { "3" : 6 }, "_lastSynchronizedDate" : "2024-07-26T10:00:00Z",
          "_timeRate" : 4242, "_billingIssuesEnabled" : true, "_renewalBillingIssuesEnabled" : true,
          "_billingGracePeriodEnabled" : true, "_disableDialogs" : true, "_askToBuyEnabled" : true,
          "_storeKitErrors" : [
            { "enabled" : true, "name" : "Load Products", "current" : { "index" : 99, "type" : "generic" } },
            { "enabled" : true, "name" : "Refund Request Sheet", "current" : { "index" : 0, "type" : "refundRequest" } },
            { "enabled" : false, "name" : "Teleport" }
          ] }
        """
        let catalog = try loadText(config(settings: settings))
        let s = catalog.settings
        #expect(s.timeRate == nil)
        #expect(s.unknownTimeRate == 4242)
        #expect(s.interruptedPurchasesEnabled && s.billingRetryOnRenewal && s.billingGracePeriodEnabled)
        #expect(s.dialogsDisabled && s.askToBuyEnabled)
        #expect(s.lastSynchronizedDate == Date(timeIntervalSinceReferenceDate: 743_680_800))
        #expect(s.storeKitErrors.map(\.api) == [.loadProducts, .refundRequest])
        #expect(s.storeKitErrors[0].error == nil)  // index 99 is no StoreKitError
        #expect(s.storeKitErrors[1].error == .refundRequest(.duplicateRequest))
        #expect(catalog.warnings.count == 2)
        #expect(catalog.warnings.contains { $0.contains("\"Teleport\"") })

        let legacy = try loadText(config(settings: #"{ "_compatibilityTimeRate" : 6, "_lastSynchronizedDate" : 0 }"#))
        #expect(legacy.settings.lastSynchronizedDate == Date(timeIntervalSinceReferenceDate: 0))
        #expect(legacy.warnings.isEmpty)
    }

    @Test func unknownPaymentModeIsKeptAndNoneDropped() throws {
        let catalog = try loadText(config(groups: groupJSON(subscriptionJSON([
            "adHocOffers": #"[{ "offerID" : "a", "paymentMode" : "payLater", "subscriptionPeriod" : "P1M", "displayPrice" : "1" }, { "offerID" : "b", "paymentMode" : "none" }]"#,
        ]))))
        let offers = try #require(catalog.product(id: "s")?.subscription?.promotionalOffers)
        #expect(offers.map(\.id) == ["a"])
        #expect(offers.first?.paymentMode == PaymentMode(rawValue: "payLater"))
        #expect(catalog.warnings.count == 2)
    }

    @Test func referenceNameNullAndEmptyLocalizations() throws {
        let catalog = try loadText(config(products: productJSON(["referenceName": "null", "localizations": #"[{"locale" : "ja", "displayName" : "", "description" : ""}]"#])))
        let product = try #require(catalog.products.first)
        #expect(product.referenceName == nil)
        #expect(product.localizations == [LocalizedText(locale: "ja", displayName: "", description: "")])
    }
}
