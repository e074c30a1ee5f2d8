/** The audit log page (kept apart from the page itself, so a link to it does not load it). */
export const AUDIT = '/mc-admin/audit';

/** /mc-admin/audit?target_type=user&target_id=… : what was done to one record. */
export const auditOf = (type: string, id: string) =>
  `${AUDIT}?${new URLSearchParams({ target_type: type, target_id: id })}`;
