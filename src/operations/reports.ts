// A billing report task started from a template, described once (its deletion: removals.ts). Nothing
// is read first (the task does not exist yet); every face shows the template and the exact
// parameters sent. The platform runs the task for a while; it is followed, not awaited.
import * as z from 'zod';
import { endpoints } from '../schema/endpoints';
import { checkedRequest, defineOperation, readNothing } from './operation';

const report = () => endpoints.createReport;

export const createReport = defineOperation({
  name: 'createReport',
  title: 'Create Billing Report',
  noun: 'The new report task',
  kind: 'write',
  button: 'Create',
  done: () => 'Started a report task',
  fields: () =>
    z.strictObject({
      template_code: report().body.shape.template_code.describe('The report template code').meta({ title: 'Template code' }),
      parameters: report().body.shape.parameters.describe("The template's parameters, as an object").meta({ title: 'Parameters' }),
    }),
  request: ({ template_code, parameters }) =>
    checkedRequest(report(), { params: {}, body: { template_code, ...(parameters === undefined ? {} : { parameters }) } }),
  action: ({ template_code }) => `Create a ${JSON.stringify(template_code)} report`,
  // Nothing to read: a template the platform does not know is its answer to the request.
  read: readNothing,
  readsNothing: true,
  target: ({ template_code, parameters }) => ({
    facts: [
      ['Template', template_code],
      ['Parameters', parameters === undefined ? 'none' : JSON.stringify(parameters)],
    ],
    consequence: 'The platform starts a report task from this template; nothing existing changes.',
  }),
});
