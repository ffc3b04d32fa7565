import Testing
@testable import AppStoreServer
