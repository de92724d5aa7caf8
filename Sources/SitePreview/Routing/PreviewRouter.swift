import AccessRules
import Foundation
import SiteBuilder
import TextTools

/// Answers the preview's requests as nginx with the production snippet (`deploy/nginx/sitegen-auth.conf`) would
/// answer them for one reader: files of the preview's output, each checked against its access manifest
/// first, HTML with its Server Side Includes evaluated for the reader (when the site was built for nginx;
/// a site built with `includes = "none"` is served as any other server would, as is), `/.auth/me` as
/// sitegen-auth answers it for the reader, the theme's 403 and 404 pages for
/// refused and missing paths — and in every HTML page the live-reload script, plus the error overlay
/// after a failed build. A pure function of the request and the current state, so tests need no socket.
///
/// Where the real site would send a reader to Microsoft sign-in (401), the preview shows a page that
/// says so. Paths the manifest does not list are treated as nginx treats them with
/// `unknown_paths = "signed-in"`, so a mistyped address shows the 404 page rather than a refusal.
public struct PreviewRouter: Sendable {
    let reader: PreviewReader
    /// The port the server listens on: requests for any other host are refused, so that no web page can
    /// read the preview through a DNS name it points at 127.0.0.1.
    let port: UInt16
    let reload: ReloadChannel
    let state: @Sendable () -> PreviewState

    public init(
        reader: PreviewReader, port: UInt16, reload: ReloadChannel, state: @escaping @Sendable () -> PreviewState
    ) {
        self.reader = reader
        self.port = port
        self.reload = reload
        self.state = state
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard isForThisServer(request.headers["host"]) else {
            return .text(421, "This preview answers only at http://127.0.0.1:\(port)/\n")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.text(405, "The preview serves GET and HEAD only\n")
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        switch request.path {
        case LiveReloadScript.eventsPath:
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                body: .events(reload.stream))
        case LiveReloadScript.scriptPath:
            return noStore(.text(200, LiveReloadScript.script, type: "text/javascript; charset=utf-8"))
        case LiveReloadScript.overlayStylePath:
            return noStore(.text(200, ErrorOverlay.style, type: "text/css; charset=utf-8"))
        default:
            break
        }
        let state = state()
        guard let policy = state.policy else {
            return page(status: 503, title: "No build yet", text: "The site has not built yet.", state: state)
        }
        if request.path == "/.auth/me" {
            let (status, json) = reader.me
            let headers = [("Content-Type", "application/json"), ("Cache-Control", "no-store")]
            return HTTPResponse(status: status, headers: headers, body: .bytes(Array(json.utf8)))
        }
        if request.path.hasPrefix("/.auth/") {
            let text =
                "On the real site, sitegen-auth signs readers in and out here. The preview shows the site to one "
                + "reader, \(reader.description.htmlEscaped); choose another with <code>sitegen serve --reader</code>."
            return page(status: 200, title: "Signing in is not part of the preview", text: text, state: state)
        }
        guard let path = RequestPath.normalize(request.target) else {
            return noStore(.text(400, "Bad request\n"))
        }
        if path.hasPrefix("/.sitegen/") { return notFound(request, path: path, state: state, policy: policy) }
        switch reader.decision(forURI: request.target, policy: policy) {
        case .allow:
            return file(request, path: path, state: state, policy: policy)
        case .signInRequired:
            let text =
                "The real site would send this reader to Microsoft sign-in now: \(path.htmlEscaped) is not public, "
                + "and the preview shows the site to an anonymous reader. Run <code>sitegen serve --reader all</code> "
                + "(or <code>--reader signed-in</code>, <code>--reader role:NAME</code>) to see it."
            return page(status: 401, title: "Sign-in required", text: text, state: state)
        case .forbidden(let rule):
            var variables = reader.variables(policy: policy)
            // As sitegen-auth words it (`CheckEndpoint`): the 403 page names roles, never groups, users or addresses.
            variables["sitegen_required"] = rule?.readerSummary ?? "a page this site does not publish"
            return themePage(SpecialPage.forbidden, status: 403, request: request, variables: variables, state: state)
        }
    }

    private func isForThisServer(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host)
            || (port == 80 && ["127.0.0.1", "localhost"].contains(host))
    }

    /// The file for `path` (`/guide/` is `guide/index.html`, `/100%25/` is `100%/index.html`); a folder asked
    /// for without its slash is redirected to it, as nginx does.
    private func file(_ request: HTTPRequest, path: String, state: PreviewState, policy: AccessPolicy) -> HTTPResponse {
        let file = state.outputFolder + "/" + OutputPath.file(ofRequestPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            return notFound(request, path: path, state: state, policy: policy)
        }
        if isDirectory.boolValue {
            let location = OutputPath.percentEncoded(RequestPath.unescaped(path)) + "/" + request.query
            var response = HTTPResponse(status: 301, headers: [("Location", location)])
            response.headers.append(("Cache-Control", "no-store"))
            return response
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return notFound(request, path: path, state: state, policy: policy)
        }
        let type = MediaTypes.type(ofFile: file)
        guard type.hasPrefix("text/html") else {
            return noStore(HTTPResponse(status: 200, headers: [("Content-Type", type)], body: .bytes(Array(data))))
        }
        let variables = reader.variables(policy: policy)
        return html(
            String(decoding: data, as: UTF8.self), status: 200, request: request, variables: variables, state: state)
    }

    private func notFound(_ request: HTTPRequest, path: String, state: PreviewState, policy: AccessPolicy)
        -> HTTPResponse
    {
        let variables = reader.variables(policy: policy)
        return themePage(SpecialPage.notFound, status: 404, request: request, variables: variables, state: state)
    }

    /// One of the theme's special pages, with its status.
    private func themePage(
        _ special: SpecialPage, status: Int, request: HTTPRequest, variables: [String: String], state: PreviewState
    ) -> HTTPResponse {
        let page = FileManager.default.contents(atPath: state.outputFolder + "/" + special.outputPath).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard let page else { return noStore(.text(status, HTTPReason.phrase(status) + "\n")) }
        return html(page, status: status, request: request, variables: variables, state: state)
    }

    /// An HTML page of the site: its includes evaluated for the reader, the live-reload script added.
    private func html(
        _ text: String, status: Int, request: HTTPRequest, variables: [String: String], state: PreviewState
    ) -> HTTPResponse {
        var variables = variables
        variables["request_uri"] = request.target
        variables["uri"] = request.path
        variables["document_uri"] = request.path
        // A server without includes sends the page as it is; so does the preview.
        let processed =
            state.includes == .nginx ? includes(variables: variables, state: state, depth: 0).process(text) : text
        let body = LiveReloadScript.inject(
            into: processed, build: state.build, errors: state.errors, overLastGoodBuild: true)
        return noStore(.text(status, body, type: "text/html; charset=utf-8"))
    }

    /// The includes of a page; `include virtual` reads files of the output, ten levels deep at most.
    private func includes(variables: [String: String], state: PreviewState, depth: Int) -> ServerSideIncludes {
        ServerSideIncludes(variables: variables) { target in
            guard depth < 10, let path = RequestPath.normalize(target.hasPrefix("/") ? target : "/" + target),
                let data = FileManager.default.contents(
                    atPath: state.outputFolder + "/" + OutputPath.file(ofRequestPath: path))
            else { return nil }
            return includes(variables: variables, state: state, depth: depth + 1)
                .process(String(decoding: data, as: UTF8.self))
        }
    }

    /// A page of the preview's own, in its plain style, with the live-reload script and the overlay.
    private func page(status: Int, title: String, text: String, state: PreviewState) -> HTTPResponse {
        let html = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>\(title.htmlEscaped) · sitegen serve</title></head>
            <body>
            <h1>\(title.htmlEscaped)</h1>
            <p>\(text)</p>
            <p><a href="/">Home page</a></p>
            </body>
            </html>

            """
        return noStore(
            .text(
                status,
                LiveReloadScript.inject(
                    into: html, build: state.build, errors: state.errors, overLastGoodBuild: state.policy != nil),
                type: "text/html; charset=utf-8"))
    }

    /// A preview is never cached: every load shows the latest build.
    private func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }
}
