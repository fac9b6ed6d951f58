import type {PrismTheme} from 'prism-react-renderer';

/**
 * The code theme: GitHub-like colours darkened so every token keeps a contrast
 * of at least 4.5:1 (WCAG AA) on the code background, and on a highlighted
 * line. prism-react-renderer's `github` theme drops to 2.6:1 for properties and
 * 2.7:1 for comments. No opacity: it would lower contrast again.
 */
const theme: PrismTheme = {
  plain: {color: '#1f2328', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#59636e', fontStyle: 'italic'}},
    {types: ['namespace'], style: {color: '#59636e'}},
    {types: ['string', 'attr-value', 'char', 'template-string'], style: {color: '#0a3069'}},
    {types: ['punctuation', 'operator'], style: {color: '#1f2328'}},
    {
      types: ['entity', 'url', 'symbol', 'number', 'boolean', 'variable', 'constant', 'property', 'regex'],
      style: {color: '#0550ae'},
    },
    {types: ['atrule', 'keyword', 'attr-name', 'selector', 'important'], style: {color: '#b31d28'}},
    {types: ['function', 'class-name', 'builtin'], style: {color: '#6639ba'}},
    {types: ['tag'], style: {color: '#116329'}},
    {types: ['inserted'], style: {color: '#116329'}},
    {types: ['deleted'], style: {color: '#a40e26'}},
    {types: ['italic'], style: {fontStyle: 'italic'}},
    {types: ['bold', 'important'], style: {fontWeight: 'bold'}},
  ],
};

export default theme;
