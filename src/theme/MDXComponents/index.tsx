import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

/**
 * A Markdown table. Docusaurus lets wide tables scroll sideways; a table that
 * does is made focusable so keyboard users can scroll it too (axe:
 * `scrollable-region-focusable`). Tables that fit stay out of the tab order.
 */
export function Table(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    const measure = () => setScrolls(table.scrollWidth > table.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table ref={ref} {...props} tabIndex={scrolls ? 0 : undefined} />;
}

export default {...MDXComponents, table: Table};
