// Overrides the API theme's Redux hooks. Their one consumer left on our pages
// is the schema view, which reports its oneOf/anyOf tab to the request form's
// store; that form is replaced by static samples (see ../ApiExplorer), so
// there is no store and the report goes nowhere. Leaving Redux out keeps
// ~50 kB of script off every API page.
export const useTypedDispatch = (): undefined => undefined;
