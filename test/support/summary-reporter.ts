import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed`, after vitest's own summary,
 * so CI logs state the outcome in a form any log reader understands. Before it, the time each
 * project's files took (summed per file: projects run side by side, so the sum can exceed the
 * wall time), which tells where the suite's minutes go as domains are added.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const projects = new Map<string, { files: number; ms: number; tests: number }>();
    for (const module of testModules) {
      const name = module.project.name || 'default';
      const project = projects.get(name) ?? { files: 0, ms: 0, tests: 0 };
      project.files += 1;
      project.ms += module.diagnostic().duration;
      for (const test of module.children.allTests()) {
        project.tests += 1;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      projects.set(name, project);
    }
    const times = [...projects]
      .map(([name, p]) => `${name} ${Math.round(p.ms / 1000)} s (${p.files} files, ${p.tests} tests)`)
      .join(' · ');
    if (times) console.log(`\nTime by project: ${times}`);
    console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
