import type { CalculatedField, Link } from '../../contract/field';
import type { CreateRequest, UpdateRequest, WrittenLink } from '../../contract/template-writes';
import { editableProperties } from '../../contract/template-writes';
import type { AuthoredField, AuthoredLink } from './derive-fields';
import type { Refused, WriteOutcome } from './write-outcome';
import { lockedRefusal, refused } from './write-outcome';

/** Links the service derives itself (nested references); a client's copy of them is ignored. */
const DERIVED_LINK_TYPE = 'FUNCTION_TEMPLATE';

export interface WriteContext {
  ownerExists(owner: number): boolean;
  /** Whether a DATA_SOURCE or CARD of that id is known. */
  linkTargetExists(type: 'DATA_SOURCE' | 'CARD', id: string): boolean;
}

/** A field as its author wrote it, from the stored field. */
export function authoredOf(field: CalculatedField): AuthoredField {
  return {
    id: field.id,
    name: field.name,
    owner: field.owner,
    expression: field.expression,
    locked: field.locked,
    global: field.global,
    archived: field.archived,
    hidden: field.hidden,
    variable: field.variable,
    dataType: field.dataType,
    cacheWindow: field.cacheWindow,
    created: field.created,
    lastModified: field.lastModified,
    legacyId: field.legacyId,
    links: authoredLinks(field.links),
  };
}

function authoredLinks(links: readonly Link[]): AuthoredLink[] {
  return links
    .filter((link) => link.resource.type !== DERIVED_LINK_TYPE)
    .map((link) => ({
      type: link.resource.type,
      id: link.resource.id,
      visible: link.visible,
      active: link.active,
    }));
}

/** Whether a client's links are the field's links; validity and nested links are not compared. */
function sameLinks(sent: readonly WrittenLink[], stored: readonly Link[]): boolean {
  const mine = authoredLinks(stored);
  const theirs = sent.filter((link) => link.resource.type !== DERIVED_LINK_TYPE);
  return (
    mine.length === theirs.length &&
    theirs.every((link, index) => {
      const own = mine[index]!;
      return (
        link.resource.type === own.type &&
        link.resource.id === own.id &&
        (link.visible ?? own.visible) === own.visible &&
        (link.active ?? own.active) === own.active
      );
    })
  );
}

/**
 * Decides an update of a stored field (docs/api.md, "Update a field"): what the
 * author's field becomes, that nothing changes, or why it is refused. Pure.
 */
export function planUpdate(
  current: CalculatedField,
  request: UpdateRequest,
  context: WriteContext,
  now: number,
):
  | { kind: 'change'; authored: AuthoredField; rederive: boolean }
  | Extract<WriteOutcome, { kind: 'unchanged' }>
  | Refused {
  if (request.id !== undefined && request.id !== current.id) {
    return refused(
      400,
      `the body's id ${request.id} is not the id in the path (${current.id}); an update cannot change a field's id`,
      { errors: [{ field: 'id', message: `must be ${current.id} or left out` }] },
    );
  }
  if (current.locked) return lockedRefusal(current);
  const stale =
    (request.checkSum !== undefined && request.checkSum !== current.checkSum) ||
    (request.lastModified !== undefined && request.lastModified !== current.lastModified);
  if (stale) {
    return refused(
      409,
      `field ${current.id} changed since the checkSum or lastModified this update was based on; read it again and reapply the change`,
      { field: current },
    );
  }
  if (request.links !== undefined && !sameLinks(request.links, current.links)) {
    return refused(400, 'links cannot be updated with this operation', {
      errors: [{ field: 'links', message: "must be the field's links as they are, or left out" }],
    });
  }
  if (request.locked !== undefined && request.locked !== current.locked) {
    return refused(
      400,
      'lock or unlock with a body of {"locked": true} or {"locked": false} alone, not with an update',
      {
        errors: [
          { field: 'locked', message: `must be ${current.locked} or left out of an update` },
        ],
      },
    );
  }
  if (request.owner !== undefined && !context.ownerExists(request.owner)) {
    return refused(400, `owner ${request.owner} is not a known user`, {
      errors: [{ field: 'owner', message: `${request.owner} is not a known user` }],
    });
  }
  const authored = authoredOf(current);
  let changed = false;
  for (const property of editableProperties) {
    const value = request[property];
    if (value === undefined || value === authored[property]) continue;
    (authored as unknown as Record<string, unknown>)[property] = value;
    changed = true;
  }
  if (!changed) return { kind: 'unchanged', field: current };
  authored.lastModified = Math.max(now, current.lastModified);
  const rederive = authored.name !== current.name || authored.expression !== current.expression;
  return { kind: 'change', authored, rederive };
}

/** Decides a new field: what its author wrote, with its new id, or why it is refused. Pure. */
export function planCreate(
  request: CreateRequest,
  context: WriteContext,
  identity: { id: number; legacyId: string },
  now: number,
): { kind: 'create'; authored: AuthoredField } | Refused {
  const problems: Array<{ field: string; message: string }> = [];
  if (!context.ownerExists(request.owner)) {
    problems.push({ field: 'owner', message: `${request.owner} is not a known user` });
  }
  const links = request.links.filter((link) => link.resource.type !== DERIVED_LINK_TYPE);
  const dataSources = links.filter((link) => link.resource.type === 'DATA_SOURCE');
  const cards = links.filter((link) => link.resource.type === 'CARD');
  if (dataSources.length + cards.length !== links.length) {
    problems.push({ field: 'links', message: 'a link is to a DATA_SOURCE or a CARD' });
  }
  if (dataSources.length > 1 || dataSources.some((link) => link.visible === false)) {
    problems.push({
      field: 'links',
      message: 'a field saved on a data source has exactly one visible DATA_SOURCE link',
    });
  }
  if (dataSources.length === 0 && cards.length === 0) {
    problems.push({
      field: 'links',
      message: 'links must name the data source (or the cards) the field is saved on',
    });
  }
  links.forEach((link, index) => {
    const { type, id } = link.resource;
    if ((type === 'DATA_SOURCE' || type === 'CARD') && !context.linkTargetExists(type, id)) {
      problems.push({ field: `links[${index}]`, message: `no ${type} has the id ${id}` });
    }
  });
  if (problems.length > 0) {
    return refused(400, problems.map((problem) => problem.message).join('; '), {
      errors: problems,
    });
  }
  return {
    kind: 'create',
    authored: {
      id: identity.id,
      legacyId: identity.legacyId,
      name: request.name,
      owner: request.owner,
      expression: request.expression,
      locked: request.locked ?? false,
      global: request.global ?? false,
      archived: request.archived ?? false,
      hidden: request.hidden ?? false,
      variable: request.variable ?? false,
      dataType: request.dataType ?? 'DECIMAL',
      cacheWindow: 'day',
      created: now,
      lastModified: now,
      links: links.map((link) => ({
        type: link.resource.type,
        id: link.resource.id,
        visible: link.visible ?? true,
        active: link.active ?? false,
      })),
    },
  };
}
