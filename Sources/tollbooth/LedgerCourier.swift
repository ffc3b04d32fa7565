import Foundation
import MockStore

/// The courier a `tollbooth-server` process runs for its ledger (`ServerSide.makeCourier`: the
/// real signer and the real HTTP poster), on an administrative store of its own so deliveries
/// never queue behind another actor.
enum LedgerCourier {
    /// Delivers for `catalog`'s `ledger` until the task is cancelled: what a long-lived process
    /// (`tollbooth serve`) starts beside its own work. Takes the courier lock when free, so
    /// one-shot commands leave delivery to it; a courier that cannot start (no writable ledger,
    /// no test authority) sends nothing and says nothing, and the outbox keeps every
    /// notification for a courier that can.
    ///
    /// Nothing is built until a notification waits in the outbox: most ledgers have no
    /// notification URL, and loading the test authority and starting an HTTP client's threads
    /// cost 10 MB of resident memory. Until then the courier sleeps on the ledger's bell (a
    /// write from this process or another), with no timer.
    static func runBeside(catalog: Catalog, ledger: Ledger, http: ServerSide) async {
        guard ledger.isFile ? !ledger.isReadOnly : true else { return }
        let bell = Doorbell()
        ledger.listen(bell)
        while !Task.isCancelled, (try? ledger.notificationWait(wallNow: Date())) == nil {
            await bell.wait()
        }
        ledger.stopListening(bell)
        guard !Task.isCancelled,
              let store = try? Store(catalog: catalog, ledger: ledger, device: "courier", polling: false, role: .admin),
              let courier = try? await http.makeCourier(store) else { return }
        let lock = ledger.isFile ? CourierLock.take(ledger: ledger.path) : nil
        await courier(nil)
        withExtendedLifetime(lock) {}
    }
}
