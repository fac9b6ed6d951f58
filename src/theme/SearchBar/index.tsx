import React, {type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';

export default function SearchBar(): ReactNode {
  const history = useHistory();
  return (
    <button
      type="button"
      className="button button--outline button--secondary button--sm"
      onClick={() => history.push('/search')}
    >
      Search docs
    </button>
  );
}
