import React, {
  Children,
  isValidElement,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import clsx from 'clsx';

interface TabProps {
  value: string;
  label?: ReactNode;
  children?: ReactNode;
}

interface Props {
  children: ReactNode;
  /** Accessible name of the tab list. */
  label: string;
  listClassName?: string;
  itemClassName?: (value: string) => string | undefined;
}

/**
 * Tabs for API content: the first tab selected, only the selected panel
 * rendered. Unlike the site's persistent tabs they need no storage, so they
 * are not re-mounted after hydration, which spared the reference's largest
 * subtrees (schemas and examples) a second render on every page load.
 * Children are `TabItem`-like elements: `value`, `label`, `children`.
 */
export default function Tabs({children, label, listClassName, itemClassName}: Props): ReactNode {
  const tabs = Children.toArray(children).filter((c): c is ReactElement<TabProps> => isValidElement<TabProps>(c));
  const [selected, setSelected] = useState(tabs[0]?.props.value);
  const id = useId();
  const refs = useRef<(HTMLLIElement | null)[]>([]);
  if (tabs.length === 0) return null;
  const current = tabs.find((t) => t.props.value === selected) ?? tabs[0];
  const index = tabs.indexOf(current);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = {ArrowRight: 1, ArrowLeft: -1}[event.key];
    const target = step ? (index + step + tabs.length) % tabs.length : {Home: 0, End: tabs.length - 1}[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setSelected(tabs[target].props.value);
    refs.current[target]?.focus();
  };

  return (
    <div>
      <ul role="tablist" aria-label={label} className={clsx('tabs', listClassName)}>
        {tabs.map((tab, i) => {
          const active = tab === current;
          return (
            <li
              key={tab.props.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              role="tab"
              id={`${id}-tab-${i}`}
              aria-controls={`${id}-panel`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              className={clsx('tabs__item', itemClassName?.(tab.props.value), active && 'tabs__item--active active')}
              onClick={() => setSelected(tab.props.value)}
              onKeyDown={onKeyDown}
            >
              {tab.props.label ?? tab.props.value}
            </li>
          );
        })}
      </ul>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${index}`} className="margin-top--md">
        {current.props.children}
      </div>
    </div>
  );
}
