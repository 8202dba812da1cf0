// harness.mjs loads a generated OpenCode plugin the way OpenCode does and
// calls its hooks, for plugin_node_test.go.
//
//   node harness.mjs PLUGIN.mjs SCENARIO.json
//
// SCENARIO is {"directory": "...", "steps": [step, ...]}; a step is
// {"hook": "tool.execute.before", "input": {...}, "output": {...}} for a
// plugin hook, or {"event": {...}} for a bus event (delivered through the
// "event" hook). It prints one JSON object: {"exports": [...], "hooks":
// [...], "steps": [{"threw", "message", "output", "ms"}]}, where output is
// the step's output object after the hook ran (hooks mutate it).
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [pluginPath, scenarioPath] = process.argv.slice(2);
const scenario = JSON.parse(await readFile(scenarioPath, "utf8"));
const mod = await import(pathToFileURL(pluginPath).href);

// OpenCode's legacy loader calls every export as a plugin and rejects a
// module with an export that is not a function.
const exports = Object.keys(mod);
for (const name of exports) {
  if (typeof mod[name] !== "function") throw new Error(`export ${name} is not a function`);
}

// The context OpenCode passes (reference §5.3). $ is Bun's shell, which the
// plugin must not need: it has to run under Node too.
const $ = () => {
  throw new Error("the plugin used Bun's $");
};
const ctx = {
  project: { id: "test", worktree: scenario.directory },
  directory: scenario.directory,
  worktree: scenario.directory,
  serverUrl: "http://127.0.0.1:4096",
  client: {},
  $,
};
const hooks = await mod[exports[0]](ctx, undefined);

const steps = [];
for (const step of scenario.steps) {
  const started = Date.now();
  const result = { threw: false };
  try {
    if (step.event !== undefined) {
      if (hooks.event) await hooks.event({ event: step.event });
    } else if (hooks[step.hook]) {
      await hooks[step.hook](step.input, step.output);
    }
  } catch (err) {
    result.threw = true;
    result.message = err instanceof Error ? err.message : String(err);
  }
  result.output = step.output;
  result.ms = Date.now() - started;
  steps.push(result);
}
process.stdout.write(JSON.stringify({ exports, hooks: Object.keys(hooks), steps }));
