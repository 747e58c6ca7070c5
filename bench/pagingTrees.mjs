// The big trees bench/trees.paging pages (#57): where each list sits in the sidebar. `level`: the
// aria-level of its rows (the first thousand; a range's rows one deeper); `open`: from the view
// opened to its first page shown. The simulator seeds each with --<kind>-count.
import { expandTreeRow } from '../test/e2e/workbench.mjs';

/** The Platform Console views, as their pane headers read (all but the one measured are folded). */
export const VIEWS = ['Protection Profiles', 'Edge', 'Report Tasks', 'Cloud', 'Storage', 'DDoS Attacks', 'Connections'];

const exactRow = (page, pane, name, level) =>
  pane
    .locator(`.monaco-list-row[aria-level="${level}"]`)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) })
    .first();

/** The view's rows are the list: its first page comes as the view opens. */
const roots = async () => undefined;

export const TREES = {
  secrets: {
    title: 'Cloud secrets',
    view: 'Cloud',
    level: 4,
    // The simulator's secrets are in project 3 "sandbox", region 1 "Luxembourg-2": the picker's last choice comes first and open.
    settings: { 'platformConsole.cloud.projectId': 3, 'platformConsole.cloud.regionId': 1 },
    open: async ({ page, pane, name }) => {
      const project = exactRow(page, pane, 'sandbox', 1);
      const region = exactRow(page, pane, 'Luxembourg-2', 2);
      const secrets = exactRow(page, pane, 'Secrets', 3);
      await project.waitFor({ timeout: 60_000 });
      await expandTreeRow(page, pane, project, region, name);
      await expandTreeRow(page, pane, region, secrets, name);
      await expandTreeRow(page, pane, secrets, pane.locator('.monaco-list-row[aria-level="4"]'), name);
    },
  },
  profiles: { title: 'Protection profiles', view: 'Protection Profiles', level: 1, open: roots },
  apps: {
    title: 'Edge apps',
    view: 'Edge',
    level: 2,
    open: async ({ page, pane, name }) => {
      const apps = exactRow(page, pane, 'Apps', 1);
      await apps.waitFor({ timeout: 60_000 });
      await expandTreeRow(page, pane, apps, pane.locator('.monaco-list-row[aria-level="2"]'), name);
    },
  },
  reports: { title: 'Report tasks', view: 'Report Tasks', level: 1, open: roots },
  attacks: { title: 'DDoS attacks', view: 'DDoS Attacks', level: 1, open: roots },
};
