// What keeps the key where it belongs: plain HTTP to another host is named, and only http(s)
// app URLs open in a browser.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainHttpRisk } from '../../src/schema/connectionRules';
import { browsableUrl } from '../../src/features/edge/model/edgeDisplay';
import { escapeMarkdown } from '../../src/ui/text/markdownText';

describe('plain HTTP', () => {
  it('is a risk to another host, not to this machine', () => {
    assert.match(plainHttpRisk('http://api.example.com') ?? '', /^api\.example\.com is reached over plain HTTP/);
    assert.match(plainHttpRisk('http://10.0.0.5:8080') ?? '', /10\.0\.0\.5:8080/);
    for (const local of ['http://127.0.0.1:4010', 'http://localhost:3000', 'http://[::1]:9', 'http://sim.localhost', 'https://api.example.com']) {
      assert.equal(plainHttpRisk(local), undefined, local);
    }
  });
});

describe('app URLs in a browser', () => {
  it('opens http and https only', () => {
    assert.deepEqual(browsableUrl('https://hello-edge.fastedge.app'), { url: 'https://hello-edge.fastedge.app/' });
    assert.deepEqual(browsableUrl('http://x.example/a?b=1'), { url: 'http://x.example/a?b=1' });
    for (const bad of ['vscode://settings/foo', 'file:///etc/passwd', 'javascript:alert(1)', 'hello-edge.fastedge.app', 'command:workbench.action.quit']) {
      assert.ok('problem' in browsableUrl(bad), bad);
    }
  });
});

describe('Markdown tooltips', () => {
  it('show server text as text: no image, link or formatting of its own', () => {
    assert.equal(
      escapeMarkdown('![x](https://t.example/p.png) **b** [l](command:x)'),
      '\\!\\[x\\]\\(https://t\\.example/p\\.png\\) \\*\\*b\\*\\* \\[l\\]\\(command:x\\)',
    );
    assert.equal(escapeMarkdown(null), '');
  });
});
