import Foundation
import JustZone2
import Plot
import ServerKit
import WebUI

/// The welcome page's view.
enum WelcomeView {
    static func page(_ model: WelcomeModel) -> String {
        Zone2Layout.page(
            title: "Welcome", section: nil, stylesheets: ["zone2-pages.css"],
            main: .group(
                .h1(.text("Welcome to JustZone2")),
                .p(
                    .class("lead"),
                    .text(
                        "Ride in Zone 2: easy enough to talk, long enough to build your aerobic base. "
                            + "Your trainer holds the power, your heart-rate strap keeps you honest.")),
                .section(
                    .class("card welcome-card"), .attr("aria-labelledby", "zones-heading"),
                    .h2(.id("zones-heading"), .text("Your Zone 2")),
                    .p(
                        .text(
                            "Tell us your age or, if you know it, your maximum heart rate. Zone 2 is 59–78 % of it "
                                + "(maximum from age: 208 − 0.7 × age). You can change the method later under Zones.")),
                    .unwrap(model.errors["form"]) { Components.notice($0, kind: "error") },
                    .form(
                        .method(.post), .action(Zone2PageURL.welcome.path()), .class("welcome-form"),
                        .div(
                            .class("field-row"),
                            Zone2Fields.number(
                                id: "welcome-age", name: "age", label: "Age", value: model.age,
                                range: WelcomeModel.ages, unit: "years", error: model.errors["age"]),
                            Zone2Fields.number(
                                id: "welcome-maxhr", name: "maxhr", label: "or maximum heart rate",
                                value: model.maxHeartRate, range: WelcomeModel.maxHeartRates, unit: "bpm",
                                error: model.errors["maxhr"])),
                        .div(
                            .class("actions"),
                            .button(
                                .type(.submit), .attr("name", "action"), .attr("value", "set"),
                                .class("button primary"),
                                .text("Set my zones")),
                            .button(
                                .type(.submit), .attr("name", "action"), .attr("value", "later"),
                                .class("button secondary"),
                                .attr("formnovalidate", "formnovalidate"), .text("Later")))))))
    }
}
