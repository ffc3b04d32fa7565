import Audit
import MockStore
import Paywall
import TerminalUI

/// The bundled example's paywall, drawn by the auditor, and ways to break one fact on it: the
/// rule tests take a real screen and remove or change exactly what one rule reads.
enum CraftedPaywall {
    static func exampleCatalog() throws -> Catalog {
        try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
    }

    static func exampleManifest() throws -> PaywallManifest {
        try ManifestLoader.load(path: try BundledExample.manifestURL().path)
    }

    static func example(_ locale: String = "en_US", size: Size = Size(width: 80, height: 24),
                        customer: CustomerState = .new) async throws -> RenderedPaywall {
        try await Auditor(catalog: try exampleCatalog(), manifest: try exampleManifest())
            .paywall(locale: locale, size: size, customer: customer)
    }

    /// The rules that fail on `paywall`, by id.
    static func failing(_ paywall: RenderedPaywall) -> Set<String> {
        Set(Auditor.screenRules.flatMap { $0.check(paywall) }.filter { $0.verdict == .fail }.map(\.rule))
    }

    /// The rules that fail anywhere in `report`.
    static func failing(_ report: AuditReport) -> Set<String> {
        Set(report.findings.filter { $0.verdict == .fail }.map(\.rule))
    }
}

extension RenderedPaywall {
    /// Paints over every `text` on every screen (the opening ones, each focused plan's first, the
    /// loading ones and the confirmation sheets) with `replacement` (spaces by default) in
    /// `style`, where `keep` allows it.
    mutating func paint(_ text: String, with replacement: String? = nil, style: Style = .plain,
                        where keep: (Canvas, Point) -> Bool = { _, _ in true }) {
        func paint(_ canvas: inout Canvas) {
            for point in canvas.find(text) where keep(canvas, point) {
                let new = replacement ?? String(repeating: " ", count: TextWidth.of(text))
                _ = canvas.put(SafeText(new), x: point.x, y: point.y, style: style)
            }
        }
        for index in screens.indices { paint(&screens[index]) }
        for id in focused.keys { paint(&focused[id]!) }
        for index in loading.indices { paint(&loading[index]) }
        for id in sheets.keys { paint(&sheets[id]!) }
    }

    /// Paints over `text` only inside plan `id`'s card.
    mutating func paint(_ text: String, with replacement: String? = nil, inPlan id: String) {
        paint(text, with: replacement) { canvas, point in canvas.planRect(id)?.contains(point) == true }
    }

    /// Redraws `text` inside plan `id`'s card in `style`: the same words, another look.
    mutating func restyle(_ text: String, _ style: Style, inPlan id: String) {
        paint(text, with: text, style: style) { canvas, point in canvas.planRect(id)?.contains(point) == true }
    }
}
