import Foundation
import SiteBuilder
import Testing

@Suite("Progress reporting")
struct ProgressTests {
    @Test("Every stage is announced in order, and parallel stages count up to their total")
    func stagesAndCounts() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "", "b.md": "", "c/d.md": ""])
        let recorder = Recorded<BuildProgress>()
        _ = try SiteBuilder.build(options: site.options) { recorder.record($0) }
        var stages: [String] = []
        var rendered: [Int] = []
        for event in recorder.all {
            switch event {
            case .stageStarted(let stage, let index, let count):
                stages.append("\(index)/\(count) \(stage.name)")
            case .itemsDone(let stage, let done, let total):
                if stage == .renderPages {
                    #expect(total == 5)
                    rendered.append(done)
                }
            case .stricterRulesFirst:
                Issue.record("a first build has no rules to make stricter")
            case .waitingForAnotherBuild:
                Issue.record("no other build runs")
            }
        }
        #expect(
            stages == [
                "1/16 Load config", "2/16 Load content", "3/16 Check build cache", "4/16 Parse front matter",
                "5/16 Map URLs", "6/16 Render Markdown", "7/16 Check links", "8/16 Build navigation",
                "9/16 Load templates", "10/16 Resolve access rules", "11/16 Prepare the output folder",
                "12/16 Build search index", "13/16 Render pages", "14/16 Copy assets",
                "15/16 Write aliases, special pages, sitemap and access manifest", "16/16 Publish",
            ])
        #expect(rendered.sorted() == [1, 2, 3, 4, 5])
    }

    @Test("A failed build stops before the stages that write output")
    func failedBuildStopsEarly() throws {
        let site = try TestSite(pages: ["index.md": "---\nweight: x\n---\n"])
        let recorder = Recorded<BuildProgress>()
        #expect(throws: BuildFailure.self) {
            try SiteBuilder.build(options: site.options) { recorder.record($0) }
        }
        let last = recorder.all.compactMap { event -> BuildStage? in
            if case .stageStarted(let stage, _, _) = event { return stage }
            return nil
        }.last
        #expect(last == .resolveAccess)
    }
}
