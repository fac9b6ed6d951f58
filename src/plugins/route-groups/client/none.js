// The route-groups directory where the table is not split (the server bundle, the dev server): no groups.
export const parents = [];
export const starts = [];
export const loaders = [];
