import Foundation

/// Turns a week's report and history into coaching copy: specific, numeric, and never shaming.
public enum InsightsEngine {
    // One file per mode: MyStatsInsights, VersusTop3Insights, LowestWeekInsights; shared wording in InsightText.
}
