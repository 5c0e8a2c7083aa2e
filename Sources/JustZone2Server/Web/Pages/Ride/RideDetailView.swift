import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// A ride's page and the summary after a ride.
enum RideDetailView {
    static func page(_ model: RideDetailModel) -> String {
        Zone2Layout.page(
            title: model.isSummary ? "Workout Complete!" : model.title, section: .rides,
            stylesheets: ["zone2-pages.css"], scripts: ["zone2-pages.js"],
            main: .group(
                header(model),
                .unwrap(model.notice) { Components.notice($0, kind: "success") },
                interrupted(model),
                figures(model),
                .section(
                    .class("ride-chart-section"), .attr("aria-labelledby", "chart-heading"),
                    .h2(.id("chart-heading"), .text("Power and heart rate")),
                    .unwrap(model.chart) { .raw($0.html()) },
                    neighbours(model)),
                zones(model),
                .if(model.stravaURL == nil, .group(trim(model), upload(model), files(model)))))
    }

    static func header(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        .div(
            .class("ride-header"),
            .if(model.isSummary, .p(.class("eyebrow"), .text("Workout Complete!"))),
            .h1(.safeText(model.title)),
            .p(.class("hint"), .safeText("\(model.when) · \(model.source)")),
            .unwrap(model.stravaURL) { url in
                .p(.a(.class("button strava"), .link(url), .attr("rel", "noopener"), .text("View on Strava")))
            },
            .if(
                model.isSummary,
                .p(
                    .class("actions"),
                    .a(.class("button primary"), .link(Zone2PageURL.home.path()), .text("Done")),
                    .a(.class("button secondary"), .link(model.detailURL), .text("Ride page")))))
    }

    static func neighbours(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        guard model.olderURL != nil || model.newerURL != nil else { return .empty }
        return .nav(
            .class("ride-neighbours"), .attr("aria-label", "Other rides"),
            .unwrap(model.olderURL) {
                .a(.class("button secondary"), .link($0), .attr("rel", "prev"), .text("← Older ride"))
            },
            .unwrap(model.newerURL) {
                .a(.class("button secondary"), .link($0), .attr("rel", "next"), .text("Newer ride →"))
            })
    }

    static func interrupted(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        guard model.isInterrupted else { return .empty }
        return .section(
            .class("card interrupted"), .attr("aria-label", "Interrupted ride"),
            .p(
                .text(
                    "This ride stopped before its end (the server restarted). Carry on where it stopped, or keep it as it is."
                )),
            .div(
                .class("actions"),
                Zone2Fields.postButton(action: model.resumeURL, label: "Resume"),
                Zone2Fields.postButton(action: model.saveURL, label: "Save as is", style: "button secondary")))
    }

    static func figures(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        .section(
            .attr("aria-label", "Figures"),
            .div(
                .class("stat-grid ride-figures"),
                .forEach(model.figures) { figure in
                    Components.statCard(
                        label: figure.label, value: figure.value,
                        detail: .unwrap(figure.detail) { .p(.class("hint"), .safeText($0)) })
                }))
    }

    static func zones(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        guard !model.zones.isEmpty else { return .empty }
        // Five rows with a bar each read better on a phone than a five-bar chart, and need no table fallback.
        return .section(
            .class("zones-section"), .attr("aria-labelledby", "zones-heading"),
            .h2(.id("zones-heading"), .text("Zone distribution")),
            .ul(
                .class("zone-bars"), .id("zone-distribution"),
                .forEach(model.zones) { share in
                    .li(
                        .class("zone-\(share.band.number)"),
                        .span(.class("zone-name"), .safeText("Z\(share.band.number) · \(share.band.name)")),
                        .span(.class("zone-range"), .safeText(share.band.range)),
                        .element(
                            named: "progress",
                            nodes: [
                                .attr("max", "100"), .attr("value", String(share.percent)),
                                .attr("aria-label", "Zone \(share.band.number): \(share.percent) %"),
                            ]),
                        .span(
                            .class("zone-time"),
                            .safeText("\(Zone2Format.duration(share.seconds)) · \(share.percent) %")))
                }),
            .p(.class("hint"), .a(.link(Zone2PageURL.zones.path()), .text("Your zones"))))
    }

    static func trim(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        guard model.chart != nil else { return .empty }
        return .section(
            .class("card trim"), .id("trim"), .attr("aria-labelledby", "trim-heading"),
            .h2(.id("trim-heading"), .text("Trim")),
            .p(
                .class("hint"),
                .text(
                    "Keep only the part you want analysed, downloaded and uploaded (drop the warm-up and cool-down). "
                        + "Times as minutes:seconds from the start.")),
            .unwrap(model.errors["trim"]) { Components.notice($0, kind: "error") },
            .form(
                .method(.post), .action(model.trimURL), .class("trim-form"), .attr("data-trim-chart", "ride-chart"),
                .div(
                    .class("field-row"),
                    timeField(
                        id: "trim-start", name: "start", label: "Keep from", value: model.trimStart,
                        error: model.errors["start"]),
                    timeField(
                        id: "trim-end", name: "end", label: "to", value: model.trimEnd, error: model.errors["end"])),
                .div(
                    .class("actions"),
                    .button(.type(.submit), .class("button"), .text("Save trim")),
                    .unwrap(model.steady) { steady in
                        .button(
                            .type(.submit), .attr("name", "suggested"), .attr("value", "1"), .class("button secondary"),
                            .safeText(
                                "Use the steady part (\(Zone2Format.clock(steady.start))–\(Zone2Format.clock(steady.end)))"
                            ))
                    },
                    .if(
                        model.isTrimmed,
                        .button(
                            .type(.submit), .attr("name", "reset"), .attr("value", "1"), .class("button secondary"),
                            .text("Keep the whole ride"))))))
    }

    static func timeField<Context>(
        id: String, name: String, label: String, value: String, error: String?
    ) -> Node<Context> {
        .raw(
            "<div class=\"field\"><label for=\"\(id)\">\(HTMLEscape.text(label))</label>"
                + "<input type=\"text\" id=\"\(id)\" name=\"\(name)\" value=\"\(HTMLEscape.attribute(value))\" inputmode=\"numeric\""
                + " pattern=\"[0-9:]{1,9}\" size=\"8\" autocomplete=\"off\"\(Zone2Fields.described(id, error: error, hint: false))>"
                + Zone2Fields.error(id, error) + "</div>")
    }

    static func upload(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card upload"), .id("upload"), .attr("aria-labelledby", "upload-heading"),
            .h2(.id("upload-heading"), .text("Strava")),
            uploadBody(model))
    }

    static func uploadBody(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        switch model.upload {
        case .unavailable:
            return .p(
                .class("hint"),
                .text("Strava is not set up on this server. Download the FIT file to upload it yourself."))
        case .connect:
            return .group(
                .p(.text("Connect Strava to upload this ride.")),
                .a(.class("button strava"), .link(Zone2PageURL.stravaConnect.path()), .text("Connect with Strava")))
        case .ready(let failure):
            return .group(
                .unwrap(failure) { Components.notice("The last upload failed: \($0)", kind: "error") },
                // Right after a ride the original uploads on its own after 10 s unless cancelled (script only).
                .if(
                    model.isSummary && failure == nil,
                    .p(.class("hint auto-upload js-only"), .attr("data-auto-upload", "10"), .attr("role", "status"))),
                Zone2Fields.postButton(
                    action: model.uploadURL, label: failure == nil ? "Upload to Strava" : "Try again",
                    style: "button strava"))
        case .uploading(let message):
            return .group(
                .p(
                    .class("upload-state"), .attr("data-refresh-while", "uploading"), .attr("role", "status"),
                    .text("Uploading to Strava… "), .safeText(message ?? "")),
                .p(.a(.link(model.detailURL + "#upload"), .text("Check again"))),
                Zone2Fields.postButton(action: model.uploadURL, label: "Follow the upload", style: "button secondary"))
        case .uploaded(let url, let message):
            return .group(
                .p(.class("upload-state"), .text("Uploaded. "), .safeText(message ?? "")),
                .a(.class("button strava"), .link(url), .attr("rel", "noopener"), .text("View on Strava")))
        }
    }

    static func files(_ model: RideDetailModel) -> Node<HTML.BodyContext> {
        .section(
            .class("card files"), .attr("aria-labelledby", "files-heading"),
            .h2(.id("files-heading"), .text("Files")),
            .p(
                .class("actions"),
                .a(.class("button secondary"), .link(model.fitURL), .attr("download", ""), .text("Download FIT")),
                .a(.class("button secondary"), .link(model.tcxURL), .attr("download", ""), .text("Download TCX")),
                .a(.class("button secondary"), .link(model.chartURL), .attr("download", ""), .text("Download chart")),
                .a(.class("button danger"), .link(model.deleteURL), .text("Delete ride…"))),
            .p(
                .class("hint"),
                .text(model.isTrimmed ? "Downloads hold the trimmed part." : "Downloads hold the whole ride.")))
    }

    /// The confirmation before deleting.
    static func confirmDelete(title: String, when: String, deleteURL: String, backURL: String) -> String {
        Zone2Layout.page(
            title: "Delete ride", section: .rides, stylesheets: ["zone2-pages.css"],
            main: .group(
                .h1(.text("Delete this ride?")),
                .section(
                    .class("card"),
                    .p(
                        .safeText("\(title), \(when). It is removed from this server for good (Strava keeps its copy).")
                    ),
                    .div(
                        .class("actions"),
                        Zone2Fields.postButton(action: deleteURL, label: "Delete", style: "button danger"),
                        .a(.class("button secondary"), .link(backURL), .text("Keep it"))))))
    }
}
