// The Create Edge App checks: the published name rule (1-64, ^[a-z0-9][a-z0-9-]*[a-z0-9]$), the
// comment limit, env entries and template parameters checked by type and mandatory flag.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enumValues, parseEnvEntries, templateParamProblem } from '../../src/features/edge/model/edgeAppCreateRules';
import { createEdgeApp } from '../../src/operations/edgeCreate';
import { fieldProblem } from '../../src/ui/fieldRules';
import { operationField } from '../../src/ui/operationSteps';

// The wizard checks the name and the comment by the operation's own fields (edgeCreateFlow.ts).
const edgeAppNameProblem = (v: string) => fieldProblem(operationField(createEdgeApp, 'name'), v, 'App name');
const edgeAppCommentProblem = (v: string) => fieldProblem(operationField(createEdgeApp, 'comment'), v, 'Comment');

describe('edge app create rules', () => {
  it('accepts names the published pattern accepts and refuses the rest', () => {
    for (const ok of ['ab', 'my-edge-app', 'a1', '0-9', 'a'.repeat(64)]) assert.equal(edgeAppNameProblem(ok), undefined, ok);
    for (const bad of ['', 'a', '-ab', 'ab-', 'My-App', 'my_app', 'my app', 'a'.repeat(65)]) assert.notEqual(edgeAppNameProblem(bad), undefined, bad);
  });
  it('limits the comment to 1024 characters', () => {
    assert.equal(edgeAppCommentProblem('x'.repeat(1024)), undefined);
    assert.match(edgeAppCommentProblem('x'.repeat(1025)) ?? '', /1024/);
  });
  it('parses env entries, skipping blanks and comments, refusing bad names and duplicates', () => {
    assert.deepEqual(parseEnvEntries('# c\nA=1\n\n B = two=2 \n'), { env: { A: '1', B: 'two=2' } });
    assert.deepEqual(parseEnvEntries(''), { env: {} });
    assert.ok('problem' in parseEnvEntries('1A=x'));
    assert.ok('problem' in parseEnvEntries('A=1\nA=2'));
    assert.ok('problem' in parseEnvEntries('novalue'));
  });
  it('checks template params by mandatory flag and type', () => {
    assert.match(templateParamProblem({ name: 'origin', data_type: 'string', mandatory: true }, '') ?? '', /required/);
    assert.equal(templateParamProblem({ name: 'x', data_type: 'string', mandatory: false }, ''), undefined);
    assert.notEqual(templateParamProblem({ name: 'n', data_type: 'number', mandatory: true }, 'abc'), undefined);
    assert.equal(templateParamProblem({ name: 'n', data_type: 'number', mandatory: true }, '42'), undefined);
    assert.notEqual(templateParamProblem({ name: 'b', data_type: 'bool', mandatory: true }, 'yes'), undefined);
    assert.notEqual(templateParamProblem({ name: 'j', data_type: 'json', mandatory: true }, '{'), undefined);
    assert.equal(templateParamProblem({ name: 'j', data_type: 'json', mandatory: true }, '{"a":1}'), undefined);
    assert.notEqual(templateParamProblem({ name: 'e', data_type: 'enum', mandatory: true, metadata: '["a","b"]' }, 'c'), undefined);
    assert.equal(templateParamProblem({ name: 'e', data_type: 'enum', mandatory: true, metadata: '{"values":["a","b"]}' }, 'b'), undefined);
    assert.deepEqual(enumValues('not json'), []);
  });
});
