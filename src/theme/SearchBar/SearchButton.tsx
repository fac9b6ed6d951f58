import React, {forwardRef, useEffect, useState, type ComponentPropsWithoutRef} from 'react';

/**
 * The search button, in DocSearch's markup and styles, with the shortcut of
 * the reader's platform (⌘ K on Apple devices, Ctrl K elsewhere). Its
 * accessible name is its text, "Search docs".
 */
const SearchButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function SearchButton(props, ref) {
    const [modifier, setModifier] = useState<string | null>(null);
    useEffect(() => {
      setModifier(/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform) ? '⌘' : 'Ctrl');
    }, []);
    return (
      <button
        ref={ref}
        type="button"
        className="DocSearch DocSearch-Button"
        // The name is the text "Search docs" (on phones too: see styles.module.css);
        // the keys are announced as a shortcut, not read out as part of the name.
        aria-keyshortcuts={modifier === '⌘' ? 'Meta+K' : 'Control+K'}
        {...props}
      >
        <span className="DocSearch-Button-Container">
          <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 113.733 3.733a7.533 7.533 0 0110.653 10.653z"
              stroke="currentColor"
              fill="none"
              fillRule="evenodd"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="DocSearch-Button-Placeholder">Search docs</span>
        </span>
        {modifier && (
          <span className="DocSearch-Button-Keys" aria-hidden="true">
            <kbd className="DocSearch-Button-Key">{modifier}</kbd>
            <kbd className="DocSearch-Button-Key">K</kbd>
          </span>
        )}
      </button>
    );
  },
);

export default SearchButton;
