import type {HighlightComponent, Highlighter} from './types';

let loaded: HighlightComponent | undefined;
let loading: Promise<HighlightComponent> | undefined;

const highlighter: Highlighter = {
  ready: () => loaded,
  load() {
    loading ??= import(/* webpackChunkName: "code-highlighter" */ './prism').then((module) => {
      loaded = module.Highlight;
      return loaded;
    });
    return loading;
  },
};

export default highlighter;
