import Foundation

/// One App Store Server API request, as the HTTP server hands it over: no sockets here, so the
/// answers are tested as plain values.
public struct APIRequest: Sendable, Hashable {
    /// `GET`, `PUT`, `POST`.
    public var method: String
    /// The path without the query, percent-encoded as it arrived (`/inApps/v1/transactions/1`).
    public var path: String
    /// The query's name/value pairs in order; a name may repeat (`productId=a&productId=b`).
    public var query: [QueryItem]
    /// The `Authorization` header, if any.
    public var authorization: String?
    public var body: Data

    public init(method: String, path: String, query: [QueryItem] = [], authorization: String? = nil, body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.authorization = authorization
        self.body = body
    }

    /// One query parameter.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every value given for `name`, in order.
    func values(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

    /// The path's segments, percent-decoded (`["inApps", "v1", "transactions", "1"]`).
    var segments: [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { $0.removingPercentEncoding ?? String($0) }
    }
}

/// An answer: the HTTP status, its content type and body.
public struct APIResponse: Sendable, Hashable {
    public var status: Int
    public var contentType: String
    public var body: Data
    /// Headers besides the content type (`WWW-Authenticate` on a 401).
    public var headers: [String: String]

    public init(status: Int, contentType: String = "application/json", body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// A 200 with `value` as JSON.
    static func json(_ value: some Encodable) -> APIResponse {
        APIResponse(status: 200, body: (try? APIResponse.encoder.encode(value)) ?? Data("{}".utf8))
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
