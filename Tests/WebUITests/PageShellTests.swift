import Foundation
import Plot
import Testing

@testable import WebUI

@Suite("Page shell, components and assets")
struct PageShellTests {
    @Test("the shell links the shared fingerprinted assets, escapes its metadata and carries the offline banner")
    func shell() {
        let html = PageShell.render(
            PageMeta(
                title: "A \"quoted\" <title>", description: "d'escription", manifestURL: "/m.webmanifest?a=1&b=2",
                scripts: ["/x.js"], bodyClass: "tv", bodyData: [("version-url", "/v?x=\"1\"")],
                renderedAt: "Sun 1 Nov · 9:00am", noscriptRefreshSeconds: 300),
            body: .p(.text("hello")))
        #expect(html.hasPrefix("<!DOCTYPE html><html lang=\"en\" data-offline=\"false\">"))
        #expect(html.contains("<title>A &quot;quoted&quot; &lt;title&gt;</title>"))
        #expect(html.contains("content=\"d&#39;escription\""))
        #expect(html.contains("href=\"/m.webmanifest?a=1&amp;b=2\""))
        #expect(html.contains("data-version-url=\"/v?x=&quot;1&quot;\""))
        #expect(html.contains("Offline — showing data from Sun 1 Nov · 9:00am"))
        #expect(html.contains("http-equiv=\"refresh\" content=\"300\""))
        for name in ["webui.css", "charts.css", "webui.js", "icon.svg"] {
            let url = WebAssets.shared.url(name)
            #expect(url.contains("?v="), "\(name) is missing from the bundle")
            #expect(html.contains(url))
        }
        #expect(html.contains("<script src=\"/x.js\" defer></script>"))
        #expect(!html.contains("style=\""))
    }

    @Test("the CSP allows only our own scripts and styles, plus the OAuth origin for form redirects")
    func csp() {
        let policy = PageShell.contentSecurityPolicy(formTargets: ["https://www.strava.com"])
        #expect(policy.contains("script-src 'self';"))
        #expect(policy.contains("form-action 'self' https://www.strava.com;"))
        #expect(!policy.contains("unsafe"))
    }

    @Test("components escape user text and map hues to the 36 contrast-checked classes")
    func components() {
        #expect(
            Components.avatar(initials: "<A>", hue: 359).render()
                == "<span class=\"avatar hue-35\" aria-hidden=\"true\">&lt;A&gt;</span>")
        #expect(Components.avatar(initials: "B", hue: -10).render().contains("hue-35"))
        #expect(Components.avatar(initials: "C", hue: 725).render().contains("hue-0"))
        let bar = Components.tricolour(["#fff\"onload=\"x", "#000"]).render()
        #expect(!bar.contains("\"onload"))
        let nav = Components.linkBar(
            [.init(label: "A&B", url: "/a?x=1&y=2", fragmentURL: "/f", isCurrent: true, key: "a")], label: "Tabs",
            target: "#panel", style: "tabs"
        ).render()
        #expect(nav.contains("href=\"/a?x=1&amp;y=2\""))
        #expect(nav.contains("aria-current=\"page\""))
        #expect(nav.contains("data-fragment=\"/f\" data-prefetch"))
        #expect(nav.contains("A&amp;B"))
        let css = String(decoding: WebAssets.shared.files["webui.css"]?.data ?? Data(), as: UTF8.self)
        for bucket in 0..<36 { #expect(css.contains(".hue-\(bucket){"), "hue-\(bucket)") }
    }

    @Test("fingerprints are stable, content types known, and the service worker gets the version and shell list")
    func assets() {
        #expect(WebAsset.fingerprint(Data("abc".utf8)) == WebAsset.fingerprint(Data("abc".utf8)))
        #expect(WebAsset.fingerprint(Data("abc".utf8)) != WebAsset.fingerprint(Data("abd".utf8)))
        #expect(WebAsset.fingerprint(Data()).count == 12)
        #expect(WebAsset.contentType(of: "a.css") == "text/css; charset=utf-8")
        #expect(WebAsset.contentType(of: "a.svg") == "image/svg+xml")
        let script = ServiceWorker.script()
        #expect(!script.contains("__VERSION__") && !script.contains("__SHELL__"))
        #expect(script.contains(WebAssets.shared.url("webui.css")))
        #expect(script.contains(WebAssets.shared.version))
        let manifest =
            try? JSONSerialization.jsonObject(
                with: WebManifest(
                    name: "N", shortName: "A very long short name", description: "D", startURL: "/c/x", scope: "/c/x"
                ).json())
            as? [String: Any]
        #expect(manifest?["short_name"] as? String == "A very long ")
        #expect(manifest?["display"] as? String == "standalone")
        #expect((manifest?["icons"] as? [Any])?.count == 2)
    }
}
