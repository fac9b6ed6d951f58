import {createHash} from 'node:crypto';
import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {visit} from 'unist-util-visit';
import {renderDiagram} from './render';

/** `dangerouslySetInnerHTML={{__html: html}}` as an MDX attribute (an estree object literal). */
function innerHtml(html: string): MdxJsxFlowElement['attributes'][number] {
  return {
    type: 'mdxJsxAttribute',
    name: 'dangerouslySetInnerHTML',
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `{__html: ${JSON.stringify(html)}}`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ExpressionStatement',
              expression: {
                type: 'ObjectExpression',
                properties: [
                  {
                    type: 'Property',
                    key: {type: 'Identifier', name: '__html'},
                    value: {type: 'Literal', value: html},
                    kind: 'init',
                    method: false,
                    shorthand: false,
                    computed: false,
                  },
                ],
              },
            },
          ],
        },
      },
    },
  };
}

/**
 * Turns every ```mermaid block into an inline SVG figure when the page is
 * built, so no diagram code runs in the browser. Writers keep writing Mermaid.
 */
export default function remarkDiagrams() {
  return (tree: Root) => {
    const blocks: Code[] = [];
    visit(tree, 'code', (node: Code) => {
      if (node.lang === 'mermaid') blocks.push(node);
    });
    for (const node of blocks) {
      // Ids from the source: stable between builds and unique per diagram.
      const id = `diagram-${createHash('sha256').update(node.value).digest('hex').slice(0, 10)}`;
      const {svg} = renderDiagram(node.value, id);
      // The code node becomes the figure in place.
      const figure = node as unknown as MdxJsxFlowElement;
      Object.assign(figure, {
        type: 'mdxJsxFlowElement',
        name: 'figure',
        attributes: [{type: 'mdxJsxAttribute', name: 'className', value: 'diagram'}, innerHtml(svg)],
        children: [],
      });
      for (const key of ['lang', 'meta', 'value']) delete (figure as unknown as Record<string, unknown>)[key];
    }
  };
}
