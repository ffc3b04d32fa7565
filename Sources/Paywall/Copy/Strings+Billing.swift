import Chrome
/// The two ways to pay a plan with a monthly billing plan: up front, or monthly over a 12-month
/// commitment (docs/domain.md §3, D22). Counts go through the catalog's plurals.
extension Strings {
    /// The way to pay not chosen, or chosen: "(*)" / "( )" before each way.
    public var wayChosen: String { "(*)" }
    public var wayNotChosen: String { "( )" }

    /// The monthly way on a plan: "$4.99/month for 12 months ($59.88 total)".
    public func commitmentWay(monthly: String, payments: Int, total: String) -> String {
        text(.commitmentWay, payments, monthly, total)
    }

    /// The plan's terms when paying monthly: "12 monthly payments".
    public func commitmentPayments(_ payments: Int) -> String {
        text(.commitmentPayments, payments)
    }

    /// "b switch": the key that chooses the other way to pay, on the plan itself.
    public var switchBillingHint: String { text(.switchBillingHint) }

    /// The help row for `b`.
    public var billingHelp: String { text(.billingHelp) }

    /// D22, in the disclosure paragraph for each plan that can be paid monthly: the monthly
    /// amount, the number of payments, the total, and that the commitment renews.
    public func commitmentDisclosure(name: String, monthly: String, payments: Int, total: String) -> String {
        text(.commitmentDisclosure, payments, name, monthly, total)
    }

    // MARK: Confirmation sheet

    public var billingLabel: String { text(.billingLabel) }
    public var totalLabel: String { text(.totalLabel) }
    /// "12 monthly payments of $4.99".
    public func commitmentBilling(monthly: String, payments: Int) -> String {
        text(.commitmentBilling, payments, monthly)
    }
    /// "$59.88 over 12 months".
    public func commitmentTotal(_ total: String, payments: Int) -> String {
        text(.commitmentTotal, payments, total)
    }
    /// The renewal of a commitment: "Renews for another 12 months unless auto-renew is turned off…".
    public func commitmentRenewal(payments: Int) -> String {
        text(.commitmentRenewal, payments)
    }

    // MARK: Message

    public var billingTitle: String { text(.billingTitle) }
    /// `b` on a plan with one way to pay.
    public func oneWayToPay(_ name: String) -> String { text(.oneWayToPay, name) }
}
