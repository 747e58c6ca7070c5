import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  dateOrderProblem,
  editableText,
  isCalendarDate,
  parameterKeyProblem,
  parameterLine,
  parameterValueProblem,
  parametersBody,
  parseParameterValue,
  withParameter,
  type ReportParameter,
} from '../../src/features/reports/model/reportParameters';

const p = (key: string, text: string): ReportParameter => {
  const parsed = parseParameterValue(key, text);
  assert.ok(parsed.parameter, parsed.problem);
  return parsed.parameter;
};

describe('report parameter values', () => {
  it('are typed from what is written: date, integer, or text', () => {
    assert.deepEqual(p('date_from', '2026-04-01'), { key: 'date_from', kind: 'date', value: '2026-04-01' });
    assert.deepEqual(p('client_id', ' 42 '), { key: 'client_id', kind: 'integer', value: 42 });
    assert.deepEqual(p('offset', '-7'), { key: 'offset', kind: 'integer', value: -7 });
    assert.deepEqual(p('type', 'ResellerExpenses'), { key: 'type', kind: 'string', value: 'ResellerExpenses' });
    assert.deepEqual(p('ratio', '1.5'), { key: 'ratio', kind: 'string', value: '1.5' });
    assert.deepEqual(p('when', '2026-04-01'), { key: 'when', kind: 'date', value: '2026-04-01' }, 'any key can hold a date');
  });

  it('"quotes" keep a number or a date as text', () => {
    assert.deepEqual(p('code', '"0042"'), { key: 'code', kind: 'string', value: '0042' });
    assert.deepEqual(p('label', '"2026-04-01"'), { key: 'label', kind: 'string', value: '2026-04-01' });
    assert.deepEqual(p('empty', '""'), { key: 'empty', kind: 'string', value: '' });
  });

  it('refuses, naming the field and the rule', () => {
    assert.equal(parseParameterValue('date_from', '').problem, 'date_from: must not be empty');
    assert.equal(parseParameterValue('date_from', 'yesterday').problem, 'date_from: must be a date YYYY-MM-DD, like 2026-04-30');
    assert.equal(parseParameterValue('date_to', '2026-02-30').problem, 'date_to: 2026-02-30 is not a date (YYYY-MM-DD, like 2026-04-30)');
    assert.equal(parseParameterValue('date_to', '"2026-13-01"').problem, 'date_to: must be a date YYYY-MM-DD, like 2026-04-30');
    assert.equal(parseParameterValue('date_to', '42').problem, 'date_to: must be a date YYYY-MM-DD, like 2026-04-30');
    assert.equal(parseParameterValue('other', '2026-13-01').problem, 'other: 2026-13-01 is not a date (YYYY-MM-DD, like 2026-04-30)');
    assert.match(
      parseParameterValue('big', '9007199254740993').problem ?? '',
      /^big: a whole number must be between .* put it in "quotes" to send it as text$/,
    );
  });

  it('knows calendar dates', () => {
    assert.equal(isCalendarDate('2024-02-29'), true);
    assert.equal(isCalendarDate('2023-02-29'), false);
    assert.equal(isCalendarDate('2026-4-1'), false);
  });

  it('date_from <= date_to when both are there, naming the field being typed', () => {
    const from = [p('date_from', '2026-04-10')];
    assert.equal(parameterValueProblem(from, 'date_to', '2026-04-09'), 'date_to: must not be before date_from (2026-04-10)');
    assert.equal(parameterValueProblem(from, 'date_to', '2026-04-10'), undefined, 'the same day is a period of one day');
    const both = [p('date_from', '2026-04-01'), p('date_to', '2026-04-30')];
    assert.equal(parameterValueProblem(both, 'date_from', '2026-05-01', 'date_from'), 'date_from: must not be after date_to (2026-04-30)');
    assert.equal(parameterValueProblem(both, 'date_from', '2026-04-15', 'date_from'), undefined);
    assert.equal(
      dateOrderProblem([p('date_from', '2026-05-01'), p('date_to', '2026-04-30')]),
      'date_to: must not be before date_from (2026-05-01); date_to is 2026-04-30',
    );
    assert.equal(dateOrderProblem([p('date_from', '2026-05-01')]), undefined);
  });

  it('the date rule agrees with string order for every pair of dates (property)', () => {
    const day = fc.integer({ min: 0, max: 40_000 }).map((n) => new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const problem = parameterValueProblem([p('date_from', a)], 'date_to', b);
        return (problem === undefined) === Date.parse(a) <= Date.parse(b);
      }),
    );
  });
});

describe('report parameter keys', () => {
  it('are free but not empty, spaced, too long or repeated', () => {
    assert.equal(parameterKeyProblem(''), 'Parameter name: must not be empty');
    assert.equal(parameterKeyProblem('date from'), 'Parameter name: must not contain spaces');
    assert.equal(parameterKeyProblem('x'.repeat(101)), 'Parameter name: must be at most 100 characters');
    assert.equal(parameterKeyProblem('type', [p('type', 'A')]), 'Parameter name: type is already set; pick it in the list to change it');
    assert.equal(parameterKeyProblem('type', [p('type', 'A')], 'type'), undefined);
    assert.equal(parameterKeyProblem('any.Key-1'), undefined);
  });
});

describe('the parameters sent', () => {
  it('keep their order, types and replacements; none means no parameters field', () => {
    let list: ReportParameter[] = [];
    list = withParameter(list, p('date_from', '2026-04-01'));
    list = withParameter(list, p('client_id', '7'));
    list = withParameter(list, p('date_from', '2026-04-02'), 'date_from');
    assert.deepEqual(parametersBody(list), { date_from: '2026-04-02', client_id: 7 });
    assert.deepEqual(Object.keys(parametersBody(list)!), ['date_from', 'client_id']);
    assert.equal(parametersBody([]), undefined);
  });

  it('show as typed again: text that would read as a number or a date is quoted', () => {
    assert.equal(editableText(p('code', '"0042"')), '"0042"');
    assert.equal(editableText(p('code', '"2026-01-01"')), '"2026-01-01"');
    assert.equal(editableText(p('code', 'plain')), 'plain');
    assert.equal(editableText(p('n', '5')), '5');
    assert.equal(parameterLine(p('n', '5')), 'n = 5');
    assert.equal(parameterLine(p('code', '"0042"')), 'code = "0042"');
  });

  it('read back what editableText shows (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s.length > 0),
        (text) => {
          const parsed = parseParameterValue('k', text);
          if (!parsed.parameter) return true;
          return JSON.stringify(parseParameterValue('k', editableText(parsed.parameter)).parameter) === JSON.stringify(parsed.parameter);
        },
      ),
    );
  });
});
