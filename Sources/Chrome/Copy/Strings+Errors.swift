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
        case .verification: text(.errorTitle_verification)
        case .refundRequest: text(.errorTitle_refundRequest)
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
        case .unknown: text(.storeKitTitle_unknown)
        case .userCancelled: text(.storeKitTitle_userCancelled)
        case .networkError: text(.storeKitTitle_networkError)
        case .systemError: text(.storeKitTitle_systemError)
        case .notAvailableInStorefront: text(.storeKitTitle_notAvailableInStorefront)
        case .notEntitled: text(.storeKitTitle_notEntitled)
        case .unsupported: text(.storeKitTitle_unsupported)
        }
    }

    func storeKitMessage(_ e: StoreKitError) -> String {
        switch e {
        case .unknown: text(.storeKitMessage_unknown)
        case .userCancelled: text(.storeKitMessage_userCancelled)
        case .networkError: text(.storeKitMessage_networkError)
        case .systemError: text(.storeKitMessage_systemError)
        case .notAvailableInStorefront: text(.storeKitMessage_notAvailableInStorefront)
        case .notEntitled: text(.storeKitMessage_notEntitled)
        case .unsupported: text(.storeKitMessage_unsupported)
        }
    }

    func purchaseTitle(_ e: PurchaseError) -> String {
        switch e {
        case .invalidQuantity: text(.purchaseTitle_invalidQuantity)
        case .productUnavailable: text(.purchaseTitle_productUnavailable)
        case .purchaseNotAllowed: text(.purchaseTitle_purchaseNotAllowed)
        case .ineligibleForOffer: text(.purchaseTitle_ineligibleForOffer)
        case .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters:
            text(.purchaseTitle)
        }
    }

    func purchaseMessage(_ e: PurchaseError) -> String {
        switch e {
        case .invalidQuantity: text(.purchaseMessage_invalidQuantity)
        case .productUnavailable: text(.purchaseMessage_productUnavailable)
        case .purchaseNotAllowed: text(.purchaseMessage_purchaseNotAllowed)
        case .ineligibleForOffer: text(.purchaseMessage_ineligibleForOffer)
        case .invalidOfferIdentifier: text(.purchaseMessage_invalidOfferIdentifier)
        case .invalidOfferPrice: text(.purchaseMessage_invalidOfferPrice)
        case .invalidOfferSignature: text(.purchaseMessage_invalidOfferSignature)
        case .missingOfferParameters: text(.purchaseMessage_missingOfferParameters)
        }
    }

    func verificationMessage(_ e: VerificationError) -> String {
        let detail = switch e {
        case .revokedCertificate: text(.verificationMessage_revokedCertificate)
        case .invalidCertificateChain: text(.verificationMessage_invalidCertificateChain)
        case .invalidDeviceVerification: text(.verificationMessage_invalidDeviceVerification)
        case .invalidEncoding: text(.verificationMessage_invalidEncoding)
        case .invalidSignature: text(.verificationMessage_invalidSignature)
        case .missingRequiredProperties: text(.verificationMessage_missingRequiredProperties)
        }
        return detail + text(.verificationMessage)
    }

    func refundMessage(_ e: RefundRequestError) -> String {
        switch e {
        case .duplicateRequest: text(.refundMessage_duplicateRequest)
        case .failed: text(.refundMessage_failed)
        }
    }
}
