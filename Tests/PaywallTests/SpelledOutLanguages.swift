@testable import Chrome
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The languages whose expected text the behaviour tests spell out: English and Japanese, the
/// two the copy was first written in. The other eight are checked by the per-language goldens
/// of the bundled example (`EveryLanguageTests`) and the catalog's completeness tests.
let spelledOutLanguages: [Language] = [.en, .ja]
