import AppStoreServer
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// What `tollbooth serve` does about a client that breaks HTTP, on each connection: a request
/// that cannot be parsed (or whose header is over `APIServer.maximumHeaderSize`) is answered
/// with Apple's error body and the connection closed; a request whose body has not arrived
/// `requestTimeout` after its head closes the connection, so a client trickling bytes cannot
/// hold it (a connection that sends nothing, or never completes a head, is closed by the
/// server's idle timeout).
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let requestTimeout: TimeAmount
    /// Requests whose head was read and whose response has not ended.
    private var unanswered = 0
    /// The connection closes once the response in progress has ended: the request stream broke
    /// in the middle of a request, so nothing after it can be trusted.
    private var closesAfterResponse = false
    private var closing = false
    private var deadline: Scheduled<Void>?

    init(requestTimeout: TimeAmount) {
        self.requestTimeout = requestTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            deadline?.cancel()
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: requestTimeout) { context.close(promise: nil) }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        unanswered -= 1
        guard closesAfterResponse else { return context.write(data, promise: promise) }
        closing = true
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.cascade(to: promise)
        context.writeAndFlush(data, promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !closing, let answer = Self.answer(to: error) else { return context.fireErrorCaught(error) }
        if unanswered > 0 {
            // A response is due or being written: the server writes it, then the connection closes.
            closesAfterResponse = true
            return context.fireErrorCaught(error)
        }
        closing = true
        deadline?.cancel()
        var head = HTTPResponse(status: .init(code: answer.status))
        head.headerFields = [.contentType: answer.contentType, .contentLength: String(answer.body.count), .connection: "close"]
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: answer.body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    /// The answer to a request the server cannot read; nil for a connection that failed
    /// (reset, closed), which nobody is left to answer.
    static func answer(to error: any Error) -> APIResponse? {
        switch error {
        case HTTPParserError.headerOverflow:
            return APIError.unreadableRequest(
                status: 431, "The request's header is larger than \(APIServer.maximumHeaderSize / 1024) KiB, or has more than \(APIServer.maximumHeaderFields) fields.")
        case is HTTPParserError:
            return APIError.unreadableRequest(status: 400, "The request is not well-formed HTTP/1.1.")
        case is IOError, is ChannelError:
            return nil
        default:
            return APIError.unreadableRequest(status: 400, "The request is not well-formed HTTP/1.1.")
        }
    }
}
