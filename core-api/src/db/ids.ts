const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are uuids: an id that is not one is simply not found, never a failed uuid cast (a 500). */
export const isUuid = (value: string): boolean => UUID.test(value);
