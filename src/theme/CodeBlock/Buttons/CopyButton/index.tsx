import React, {type ComponentProps, type ReactNode} from 'react';
import CopyButton from '@theme-original/CodeBlock/Buttons/CopyButton';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {track} from '@site/src/analytics/events';
import styles from './styles.module.css';

/** Wraps theme-classic's copy button to report code copies (the language only, never the code). */
export default function CopyButtonWithReport(props: ComponentProps<typeof CopyButton>): ReactNode {
  const {metadata} = useCodeBlockContext();
  return (
    <span
      className={styles.contents}
      onClickCapture={() => track({name: 'Code copied', props: {language: metadata.language ?? 'text'}})}
    >
      <CopyButton {...props} />
    </span>
  );
}
