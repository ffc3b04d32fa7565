import Foundation

/// Products, subscription groups and subscriptions (storekit-format.md §3–§4).
extension CatalogDecoder {
    /// An entry of `products` or `nonRenewingSubscriptions`.
    ///
    /// `list` names the array for messages; `impliedType` is the type the array implies when an
    /// entry has no `type` (only `nonRenewingSubscriptions` implies one).
    mutating func product(_ node: JSONNode, list: String, impliedType: ProductType?) throws(CatalogError) -> CatalogProduct {
        let anonymous = "a product in `\(list)`"
        _ = try requireObject(node, anonymous)
        let id = try string("productID", in: node, of: anonymous)
        try XcodeAuthorship.check(product: node, id: id, kind: "product", decoder: self)
        guard let id else {
            throw missing("productID", of: anonymous, at: node.offset,
                          fix: "add the product identifier from App Store Connect, or re-save the file from Xcode")
        }
        let what = "product \(SourceText.quoted(id))"

        let type: ProductType
        if let typeNode = node["type"], !typeNode.isNull {
            guard case .string(let raw) = typeNode.value else {
                throw wrongType("type", of: what, is: typeNode, expected: "a string")
            }
            let known = ProductType(rawValue: raw)
            guard ProductType.known.contains(known) else {
                throw error(.invalidValue, at: typeNode.offset,
                            "`type` \(SourceText.quoted(raw, limit: 32)) of \(what) is not a product type",
                            fix: "use Consumable, NonConsumable or NonRenewingSubscription")
            }
            guard known != .autoRenewable else {
                throw error(.invalidValue, at: typeNode.offset,
                            "\(what) in `\(list)` has type RecurringSubscription, but auto-renewable subscriptions live in a group",
                            fix: "move it into a group's `subscriptions` in `subscriptionGroups`, or change its type")
            }
            type = known
        } else if let impliedType {
            type = impliedType
        } else {
            throw missing("type", of: what, at: node.offset,
                          fix: "set it to Consumable or NonConsumable, or re-save the file from Xcode")
        }

        guard let price = try price("displayPrice", in: node, of: what) else {
            throw missing("displayPrice", of: what, at: node.offset,
                          fix: "add a price as a decimal string, like \"displayPrice\" : \"0.99\"")
        }
        return CatalogProduct(
            id: id,
            referenceName: try string("referenceName", in: node, of: what),
            type: type,
            price: price,
            isFamilyShareable: try bool("familyShareable", in: node, of: what) ?? false,
            localizations: try localizations(in: node, of: what),
            internalID: try string("internalID", in: node, of: what))
    }

    /// A `subscriptionGroups[]` entry and its subscriptions, which are returned as products.
    mutating func group(_ node: JSONNode) throws(CatalogError) -> (SubscriptionGroup, [CatalogProduct]) {
        let anonymous = "a subscription group"
        _ = try requireObject(node, anonymous)
        let id = try requiredString("id", in: node, of: anonymous)
        let what = "subscription group \(SourceText.quoted(id))"
        var group = SubscriptionGroup(
            id: id,
            name: try string("name", in: node, of: what) ?? id,
            localizations: try localizations(in: node, of: what))
        var products: [CatalogProduct] = []
        for entry in try array("subscriptions", in: node, of: what) {
            let product = try subscription(entry, groupID: id)
            group.productIDs.append(product.id)
            products.append(product)
        }
        return (group, products)
    }

    /// A `subscriptions[]` entry: an auto-renewable subscription with its offers.
    mutating func subscription(_ node: JSONNode, groupID: String) throws(CatalogError) -> CatalogProduct {
        let anonymous = "a subscription in group \(SourceText.quoted(groupID))"
        _ = try requireObject(node, anonymous)
        let id = try string("productID", in: node, of: anonymous)
        try XcodeAuthorship.check(product: node, id: id, kind: "subscription", decoder: self)
        guard let id else {
            throw missing("productID", of: anonymous, at: node.offset,
                          fix: "add the product identifier from App Store Connect, or re-save the file from Xcode")
        }
        let what = "subscription \(SourceText.quoted(id))"

        if let typeNode = node["type"], !typeNode.isNull {
            guard case .string(let raw) = typeNode.value else {
                throw wrongType("type", of: what, is: typeNode, expected: "a string")
            }
            guard raw == ProductType.autoRenewable.rawValue else {
                throw error(.invalidValue, at: typeNode.offset,
                            "\(what) has type \(SourceText.quoted(raw, limit: 32)), but a group's subscriptions must be RecurringSubscription",
                            fix: "set its type to RecurringSubscription, or move it to `products` or `nonRenewingSubscriptions`")
            }
        }
        guard let price = try price("displayPrice", in: node, of: what) else {
            throw missing("displayPrice", of: what, at: node.offset,
                          fix: "add a price as a decimal string, like \"displayPrice\" : \"4.99\"")
        }
        guard let period = try period("recurringSubscriptionPeriod", in: node, of: what) else {
            throw missing("recurringSubscriptionPeriod", of: what, at: node.offset,
                          fix: "add how often it renews, like \"recurringSubscriptionPeriod\" : \"P1M\", or re-save the file from Xcode")
        }

        var subscription = CatalogSubscription(
            groupID: try string("subscriptionGroupID", in: node, of: what) ?? groupID,
            level: try int("groupNumber", in: node, of: what) ?? 1,
            period: period)
        subscription.introductoryOffer = try introductoryOffer(of: node, what: what)
        subscription.promotionalOffers = try offers("adHocOffers", of: node, what: what, type: .promotional)
        subscription.codeOffers = try offers("codeOffers", of: node, what: what, type: .code)
        subscription.winBackOffers = try offers("winbackOffers", of: node, what: what, type: .winBack)
        subscription.billingPlans = try billingPlans(of: node, what: what)
        subscription.promotionalImageID = try string("promotionalImageID", in: node, of: what)

        return CatalogProduct(
            id: id,
            referenceName: try string("referenceName", in: node, of: what),
            type: .autoRenewable,
            price: price,
            isFamilyShareable: try bool("familyShareable", in: node, of: what) ?? false,
            localizations: try localizations(in: node, of: what),
            subscription: subscription,
            internalID: try string("internalID", in: node, of: what))
    }

    /// The intro offer: the singular `introductoryOffer` when present and not null, otherwise
    /// the billed-up-front entry of v5's `introductoryOffers[]` (the singular mirrors it, §5.5).
    private mutating func introductoryOffer(of node: JSONNode, what: String) throws(CatalogError) -> CatalogOffer? {
        if let single = node["introductoryOffer"], !single.isNull {
            return try offer(single, type: .introductory, label: "the introductory offer of \(what)")
        }
        let candidates = try array("introductoryOffers", in: node, of: what)
        for candidate in candidates {
            _ = try requireObject(candidate, "an introductory offer of \(what)")
            let plan = try string("billingPlanType", in: candidate, of: "an introductory offer of \(what)")
            if plan == nil || plan == CatalogBillingPlan.billedUpfront {
                return try offer(candidate, type: .introductory, label: "the introductory offer of \(what)")
            }
        }
        return nil
    }

    private mutating func offers(_ key: String, of node: JSONNode, what: String, type: OfferType) throws(CatalogError) -> [CatalogOffer] {
        let kind = switch type {
        case .promotional: "a promotional offer"
        case .code: "an offer code"
        case .winBack: "a win-back offer"
        default: "an offer"
        }
        var result: [CatalogOffer] = []
        for entry in try array(key, in: node, of: what) {
            if let offer = try offer(entry, type: type, label: "\(kind) of \(what)") {
                result.append(offer)
            }
        }
        return result
    }

    /// One offer of any kind. Returns nil for Xcode's unfinished `paymentMode: "none"` and for
    /// an unknown payment mode without a period (both with nothing a store could sell).
    private mutating func offer(_ node: JSONNode, type: OfferType, label: String) throws(CatalogError) -> CatalogOffer? {
        _ = try requireObject(node, label)
        let modeNode = node["paymentMode"]
        guard let modeNode, !modeNode.isNull else {
            throw missing("paymentMode", of: label, at: node.offset,
                          fix: "set it to free, payAsYouGo or payUpFront in Xcode's offer editor")
        }
        guard case .string(let rawMode) = modeNode.value else {
            throw wrongType("paymentMode", of: label, is: modeNode, expected: "a string")
        }
        if rawMode == "none" {
            if type != .introductory { warn(at: node.offset, "\(label) has paymentMode \"none\" and is ignored") }
            return nil
        }
        let mode = PaymentMode(rawValue: rawMode)
        let isKnownMode = [PaymentMode.freeTrial, .payAsYouGo, .payUpFront].contains(mode)

        let id: String?
        if type == .promotional || type == .winBack {
            // The app passes `offerID` when purchasing, so an offer without one cannot be used.
            id = try requiredString("offerID", in: node, of: label)
        } else {
            id = nil
        }
        let shown = id.map { " \(SourceText.quoted($0))" } ?? ""
        let what = label + shown

        guard let period = try period("subscriptionPeriod", in: node, of: what) else {
            guard isKnownMode else {
                warn(at: node.offset, "\(what) has the unknown paymentMode \(SourceText.quoted(rawMode, limit: 24)) and no period, so it is ignored")
                return nil
            }
            throw missing("subscriptionPeriod", of: what, at: node.offset,
                          fix: "add the offer's duration, like \"subscriptionPeriod\" : \"P1M\", or re-save the file from Xcode")
        }
        if !isKnownMode {
            warn(at: modeNode.offset, "\(what) has the unknown paymentMode \(SourceText.quoted(rawMode, limit: 24)); it is kept as written")
        }
        let count = try int("numberOfPeriods", in: node, of: what) ?? 1
        guard count >= 1, count <= 1000 else {
            throw error(.invalidValue, at: node["numberOfPeriods"]?.offset ?? node.offset,
                        "`numberOfPeriods` of \(what) is \(count), but it must be between 1 and 1000")
        }

        let price: Decimal
        if mode == .freeTrial {
            // A stale `displayPrice` often survives on free offers (CIR, JB); a trial costs nothing.
            price = 0
        } else if let value = try self.price("displayPrice", in: node, of: what) {
            price = value
        } else if isKnownMode {
            throw missing("displayPrice", of: what, at: node.offset,
                          fix: "add what the offer costs, like \"displayPrice\" : \"0.99\", or make it a free offer")
        } else {
            price = 0
        }

        var eligibility: [String] = []
        var isStackable = false
        if type == .code {
            for entry in try array("eligibility", in: node, of: what) {
                guard case .string(let value) = entry.value else {
                    throw wrongType("eligibility", of: what, is: entry, expected: "a list of strings (new, existing, expired)")
                }
                eligibility.append(value)
            }
            isStackable = try bool("isStackable", in: node, of: what) ?? false
        }

        var offer = CatalogOffer(
            id: id,
            referenceName: try string("referenceName", in: node, of: what),
            type: type,
            paymentMode: mode,
            period: period,
            periodCount: count,
            price: price,
            eligibility: eligibility,
            isStackable: isStackable,
            internalID: try string("internalID", in: node, of: what),
            billingPlanType: try string("billingPlanType", in: node, of: what))
        if type == .winBack { offer.isEligible = try bool("isEligible", in: node, of: what) ?? true }
        return offer
    }

    /// v5 `billingPlans[]`.
    private func billingPlans(of node: JSONNode, what: String) throws(CatalogError) -> [CatalogBillingPlan] {
        var result: [CatalogBillingPlan] = []
        for entry in try array("billingPlans", in: node, of: what) {
            let label = "a billing plan of \(what)"
            _ = try requireObject(entry, label)
            let type = try requiredString("billingPlanType", in: entry, of: label)
            guard let price = try price("displayPrice", in: entry, of: label) else {
                throw missing("displayPrice", of: label, at: entry.offset)
            }
            result.append(CatalogBillingPlan(
                type: type,
                price: price,
                commitmentPrice: try self.price("commitmentDisplayPrice", in: entry, of: label),
                isEnabled: try bool("isEnabled", in: entry, of: label) ?? true,
                internalID: try string("internalID", in: entry, of: label)))
        }
        return result
    }
}
