// Where the Templates group and Create Protection Profile read the platform's templates from:
// the list (with each field's rules), one template, a template's policies.
import type { BoundConnection } from '../../connections/connectionManager';
import type { PlatformApi } from '../../platform/api';
import { PlatformError } from '../../schema/errors';
import type { ProtectionTemplate, TemplateField, TemplatePolicy } from '../../schema/profileTemplates';
import type { Log } from '../../ui/log';
import type { TreeNode } from '../../ui/treeNodes';
import type { TemplateSource } from './createProfileFlow';
import type { TemplateNodeOwner } from './templateNodes';

/** The most templates one list answer gives (its `limit`). */
const TEMPLATE_PAGE = 1000;

/** The platform's templates; a field without an id cannot be set and is left out. */
export async function readTemplates(api: PlatformApi): Promise<ProtectionTemplate[]> {
  const templates = await api.security.listProfileTemplates({ params: {}, query: { limit: TEMPLATE_PAGE } });
  return templates.map((t) => ({ ...t, id: t.id, fields: (t.fields ?? []).filter((f): f is TemplateField => typeof f.id === 'number') }));
}

/** What Create Protection Profile reads, on the connection it started on; a failed list is logged with `log`. */
export function templateSource(bound: BoundConnection, log: Pick<Log, 'error'>): TemplateSource {
  return {
    list: () => readTemplates(bound.api),
    read: (id) => bound.api.security.getProfileTemplate({ params: { protection_template_id: id } }),
    logError: (error) => log.error('Could not list the protection templates', error),
  };
}

/** The view's side: the connection it shows, read when a row is opened. */
export class ProfileTemplateList implements TemplateNodeOwner {
  constructor(
    private readonly view: { readonly idPrefix: string; refresh(node?: TreeNode): void },
    private readonly bind: () => Promise<BoundConnection | undefined>,
  ) {}

  get idPrefix(): string {
    return this.view.idPrefix;
  }

  refresh(node?: TreeNode): void {
    this.view.refresh(node);
  }

  async listTemplates(): Promise<ProtectionTemplate[]> {
    return readTemplates((await this.bound()).api);
  }

  async listPolicies(templateId: number): Promise<TemplatePolicy[]> {
    return (await this.bound()).api.security.listProfileTemplatePolicies({ params: { protection_template_id: templateId } });
  }

  private async bound(): Promise<BoundConnection> {
    const bound = await this.bind();
    if (!bound) throw new PlatformError({ kind: 'unauthorized', message: 'Not signed in.' });
    return bound;
  }
}
