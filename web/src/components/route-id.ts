/** A positive numeric id in an edit route's `:id` means edit; undefined for a new record ('new', none, 0). */
export function routeId(param: string | undefined): number | undefined {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
