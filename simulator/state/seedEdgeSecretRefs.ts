// The account's FastEdge secrets as an app's references see them (id, name, comment; values are
// never kept here): what a PATCH of `secrets` is checked against.
export interface EdgeSecretRef {
  id: number;
  name: string;
  comment: string;
}

export function seedEdgeSecretRefs(): EdgeSecretRef[] {
  return [
    { id: 636, name: 'upstream-token', comment: 'rotated monthly' },
    { id: 637, name: 'db-password', comment: '' },
    { id: 638, name: 'signing-key', comment: 'JWT signing' },
  ];
}
