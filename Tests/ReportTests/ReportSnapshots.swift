/// Expected outputs pinned by the snapshot tests. On a mismatch the test writes the actual
/// text to a temporary file and names it, so a deliberate change is easy to review and copy.
enum ReportSnapshots {
    static let githubMixed = #"""
        ::error file=App/Base.lproj/Main.storyboard,line=42,col=7,title=nibscan placeholder-constraints-dropped (CardView)::Card "View" <b>&amp;</b> 100%25 lost: width, height%0D%0Asecond | line — ünïcødé 🚀 @objc(CardView) 'q'%0AFix: Copy the placeholder's constraints in awakeAfter(using:)%0AAlso: App/Views/CardView.swift:10
        ::error file=App/Views/CardView.swift,line=3,title=nibscan missing-nib (CardView)::No nib named CardView in the project%0AFix: Add CardView.xib or load by another name
        ::warning file=App Folder/Profile Cell (v2).xib,line=88,title=nibscan outlet-not-kvc-compliant (Profile`Cell`)::Outlet `titleLabel` of Profile`Cell` has no property%0AFix: Connect `titleLabel` | remove the outlet
        ::notice file=App/Legacy.xib,line=5,title=nibscan misplaced-view::Control characters �[31m and � and � in a label
        nibscan: 2 errors, 1 warning, 1 info in 1 class

        """#

    static let githubBaselined = #"""
        ::error file=ios/Base.lproj/Main.storyboard,line=42,col=7,title=nibscan placeholder-constraints-dropped (CardView)::[new] Card "View" <b>&amp;</b> 100%25 lost: width, height%0D%0Asecond | line — ünïcødé 🚀 @objc(CardView) 'q'%0AFix: Copy the placeholder's constraints in awakeAfter(using:)%0AAlso: ios/Views/CardView.swift:10
        ::error file=ios/Views/CardView.swift,line=3,title=nibscan missing-nib (CardView)::[new] No nib named CardView in the project%0AFix: Add CardView.xib or load by another name
        ::notice file=ios/Legacy.xib,line=5,title=nibscan misplaced-view::[new] Control characters �[31m and � and � in a label
        ::warning file=ios/App Folder/Profile Cell (v2).xib,line=88,title=nibscan outlet-not-kvc-compliant (Profile`Cell`)::Outlet `titleLabel` of Profile`Cell` has no property%0AFix: Connect `titleLabel` | remove the outlet
        nibscan: 2 errors, 1 warning, 1 info (3 new, 1 unchanged, 1 fixed) in 1 class

        """#

    static let markdownMixed = #"""
        <!-- nibscan-report -->
        ❌ **nibscan**: 2 errors, 1 warning, 1 info in 1 class

        | Severity | Rule | Class | Message | Location |
        |---|---|---|---|---|
        | 🛑 error | `placeholder-constraints-dropped` | `CardView` | Card "View" &lt;b&gt;&amp;amp;&lt;/b&gt; 100% lost: width, height<br>second \| line — ünïcødé 🚀 @⁠objc(CardView) 'q' | `App/Base.lproj/Main.storyboard:42` |
        | 🛑 error | `missing-nib` | `CardView` | No nib named CardView in the project | `App/Views/CardView.swift:3` |
        | ⚠️ warning | `outlet-not-kvc-compliant` | `` Profile`Cell` `` | Outlet \`titleLabel\` of Profile\`Cell\` has no property | `App Folder/Profile Cell (v2).xib:88` |
        | ℹ️ info | `misplaced-view` |  | Control characters �\[31m and � and � in a label | `App/Legacy.xib:5` |

        <details><summary>Fixes and every location of the findings</summary>

        - 🛑 error `placeholder-constraints-dropped` `CardView`: Card "View" &lt;b&gt;&amp;amp;&lt;/b&gt; 100% lost: width, height<br>second \| line — ünïcødé 🚀 @⁠objc(CardView) 'q' (`App/Base.lproj/Main.storyboard:42`)
          Fix: Copy the placeholder's constraints in awakeAfter(using:)
          Locations: `App/Base.lproj/Main.storyboard:42`, `App/Views/CardView.swift:10`
        - 🛑 error `missing-nib` `CardView`: No nib named CardView in the project (`App/Views/CardView.swift:3`)
          Fix: Add CardView.xib or load by another name
        - ⚠️ warning `outlet-not-kvc-compliant` `` Profile`Cell` ``: Outlet \`titleLabel\` of Profile\`Cell\` has no property (`App Folder/Profile Cell (v2).xib:88`)
          Fix: Connect \`titleLabel\` \| remove the outlet
          Repair (checked; `nibscan fix` applies it): property "title" → "titleLabel"

          ````diff
          --- a/App Folder/Profile Cell (v2).xib
          +++ b/App Folder/Profile Cell (v2).xib
          @@ -88 +88 @@
          -<outlet property="title" id="```"/>
          +<outlet property="titleLabel" id="```"/>
          ````
        - ℹ️ info `misplaced-view`: Control characters �\[31m and � and � in a label (`App/Legacy.xib:5`)

        </details>

        <sub>nibscan 0.1.0</sub>

        """#

    static let markdownBaselined = #"""
        <!-- nibscan-report -->
        ❌ **nibscan**: 3 new (2 errors, 0 warnings, 1 info), 1 unchanged, 1 fixed

        | Severity | Rule | Class | Message | Location |
        |---|---|---|---|---|
        | 🛑 error | `placeholder-constraints-dropped` | `CardView` | Card "View" &lt;b&gt;&amp;amp;&lt;/b&gt; 100% lost: width, height<br>second \| line — ünïcødé 🚀 @⁠objc(CardView) 'q' | [Base.lproj/Main.storyboard:42](https://github.com/acme/app/blob/0123abc/Base.lproj/Main.storyboard#L42) |
        | 🛑 error | `missing-nib` | `CardView` | No nib named CardView in the project | [Views/CardView.swift:3](https://github.com/acme/app/blob/0123abc/Views/CardView.swift#L3) |
        | ℹ️ info | `misplaced-view` |  | Control characters �\[31m and � and � in a label | [Legacy.xib:5](https://github.com/acme/app/blob/0123abc/Legacy.xib#L5) |

        <details><summary>Fixes and every location of the new findings</summary>

        - 🛑 error `placeholder-constraints-dropped` `CardView`: Card "View" &lt;b&gt;&amp;amp;&lt;/b&gt; 100% lost: width, height<br>second \| line — ünïcødé 🚀 @⁠objc(CardView) 'q' ([Base.lproj/Main.storyboard:42](https://github.com/acme/app/blob/0123abc/Base.lproj/Main.storyboard#L42))
          Fix: Copy the placeholder's constraints in awakeAfter(using:)
          Locations: [Base.lproj/Main.storyboard:42](https://github.com/acme/app/blob/0123abc/Base.lproj/Main.storyboard#L42), [Views/CardView.swift:10](https://github.com/acme/app/blob/0123abc/Views/CardView.swift#L10)
        - 🛑 error `missing-nib` `CardView`: No nib named CardView in the project ([Views/CardView.swift:3](https://github.com/acme/app/blob/0123abc/Views/CardView.swift#L3))
          Fix: Add CardView.xib or load by another name
        - ℹ️ info `misplaced-view`: Control characters �\[31m and � and � in a label ([Legacy.xib:5](https://github.com/acme/app/blob/0123abc/Legacy.xib#L5))

        </details>

        <details><summary>Fixed since the baseline (1)</summary>

        - 🛑 error `unknown-class` `OldView`: Class OldView \| not found ([Old.xib:9](https://github.com/acme/app/blob/0123abc/Old.xib#L9))

        </details>

        <details><summary>Unchanged since the baseline (1)</summary>

        - ⚠️ warning `outlet-not-kvc-compliant` `` Profile`Cell` ``: Outlet \`titleLabel\` of Profile\`Cell\` has no property ([App Folder/Profile Cell (v2).xib:88](https://github.com/acme/app/blob/0123abc/App%20Folder/Profile%20Cell%20%28v2%29.xib#L88))

        </details>

        <sub>nibscan 0.1.0 · [full report](https://nibscan.example/v1/analyses/42/report?format=json)</sub>

        """#

    static let markdownClean = #"""
        <!-- nibscan-report -->
        ✅ **nibscan**: no findings in 1 class

        No findings.

        <sub>nibscan 0.1.0</sub>

        """#
}
