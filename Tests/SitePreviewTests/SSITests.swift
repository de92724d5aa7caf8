import Testing

@testable import SitePreview

@Suite("Server Side Includes, as nginx evaluates them")
struct SSITests {
    private let ssi = ServerSideIncludes(variables: [
        "sitegen_access": ",0,2,", "sitegen_user": "aaaa", "sitegen_name": "Ann <Lee> & \"Co\"", "empty": "",
    ])

    @Test("if/elif/else/endif keep the branch whose expression holds")
    func conditions() {
        #expect(ssi.process(#"a<!--# if expr="$sitegen_access = /,2,/" -->b<!--# endif -->c"#) == "abc")
        #expect(ssi.process(#"a<!--# if expr="$sitegen_access = /,1,/" -->b<!--# endif -->c"#) == "ac")
        let chain = #"<!--# if expr="$x" -->1<!--# elif expr="$sitegen_user" -->2<!--# else -->3<!--# endif -->"#
        #expect(ssi.process(chain) == "2")
        #expect(ssi.process(#"<!--# if expr="$empty" -->1<!--# else -->2<!--# endif -->"#) == "2")
        #expect(ssi.process(#"<!--# if expr="$sitegen_user = aaaa" -->1<!--# endif -->"#) == "1")
        #expect(ssi.process(#"<!--# if expr="$sitegen_user != aaaa" -->1<!--# else -->2<!--# endif -->"#) == "2")
        #expect(ssi.process(#"<!--# if expr="$SITEGEN_USER" -->case<!--# endif -->"#) == "case")
        #expect(ssi.process(#"<!--# if expr="${sitegen_user}x = aaaax" -->braces<!--# endif -->"#) == "braces")
    }

    @Test("The theme's directives: greeting, nav entries and crumbs guarded by a rule")
    func themeDirectives() {
        let greeting =
            #"<!--# if expr="$sitegen_user" --><span><!--# echo var="sitegen_name" default="" --></span><!--# else -->Sign in<!--# endif -->"#
        #expect(ssi.process(greeting) == "<span>Ann &lt;Lee&gt; &amp; &quot;Co&quot;</span>")
        let anonymous = ServerSideIncludes(variables: ["sitegen_user": "", "sitegen_name": "", "sitegen_access": ",1,"])
        #expect(anonymous.process(greeting) == "Sign in")
        let crumb = #"<li><!--# if expr="$sitegen_access = /,3,/" --><a>Finance</a><!--# else -->…<!--# endif --></li>"#
        #expect(ssi.process(crumb) == "<li>…</li>")
    }

    @Test("echo: default, (none) for an unset variable, nothing for an empty one, encodings that stick")
    func echo() {
        #expect(ssi.process(#"<!--# echo var="missing" -->"#) == "(none)")
        #expect(ssi.process(#"<!--# echo var="missing" default="–" -->"#) == "–")
        #expect(ssi.process(#"[<!--# echo var="empty" default="x" -->]"#) == "[]")
        let raw = #"<!--# echo var="sitegen_name" encoding="none" -->|<!--# echo var="sitegen_name" -->"#
        #expect(ssi.process(raw) == #"Ann <Lee> & "Co"|Ann <Lee> & "Co""#)
        // As nginx, byte by byte: a quote followed by a combining mark is one character, but still a quote.
        let marked = ServerSideIncludes(variables: ["v": "\"\u{301}<\u{301}&"])
        #expect(marked.process(#"<!--# echo var="v" -->"#) == "&quot;\u{301}&lt;\u{301}&amp;")
    }

    @Test("set, config errmsg and include virtual")
    func setConfigInclude() {
        let ssi = ServerSideIncludes(variables: ["a": "1"]) { path in path == "/part.html" ? "[part]" : nil }
        #expect(ssi.process(#"<!--# set var="b" value="$a-2" --><!--# echo var="b" -->"#) == "1-2")
        #expect(ssi.process(#"<!--# include virtual="/part.html" -->"#) == "[part]")
        #expect(ssi.process(#"<!--# include virtual="/gone.html" -->"#) == ServerSideIncludes.defaultErrorMessage)
        #expect(ssi.process(#"<!--# config errmsg="oops" --><!--# nonsense -->"#) == "oops")
    }

    @Test("Mistakes nginx reports print its error text: if in if, else without if, bad expressions, bad syntax")
    func mistakes() {
        let error = ServerSideIncludes.defaultErrorMessage
        #expect(ssi.process(#"<!--# if expr="$a" --><!--# if expr="$b" --><!--# endif -->"#) == error)
        #expect(ssi.process("<!--# else -->x") == error + "x")
        #expect(ssi.process("<!--# endif -->") == error)
        #expect(ssi.process(#"<!--# if expr="$a > 1" -->x<!--# endif -->"#) == error + "x")
        #expect(ssi.process(#"<!--# if expr="$a = /(/" -->x<!--# endif -->"#) == error + "x")
        #expect(ssi.process("<!--# echo -->") == error)
        #expect(ssi.process(#"<!--# echo var=unquoted -->"#) == error)
        #expect(ssi.process("text <!--# unterminated") == "text <!--# unterminated")
        #expect(ssi.process("<!-- a comment -->") == "<!-- a comment -->")
    }
}
