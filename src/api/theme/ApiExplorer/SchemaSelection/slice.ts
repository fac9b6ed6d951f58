// Overrides the API theme's schema-selection slice, which only fed the request
// form's Redux store (see ../../ApiItem/hooks.ts for why there is none).
export const setSchemaSelection = (selection: {path: string; index: number}) => selection;
