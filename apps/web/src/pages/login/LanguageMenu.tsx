import type { Language } from '@aos/contract';
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';

/**
 * The sign-in page's language menu, a chunk of its own: antd's Dropdown and Menu are about 20 kB gzip that
 * the sign-in form does not need until the user points at the language button. It opens at once, since
 * that is what brought it in.
 */
export default function LanguageMenu({
  children,
  onChoose,
}: {
  children: ReactElement;
  onChoose: (language: Language) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: [
          { key: 'zh-CN', label: '简体中文' },
          { key: 'en-US', label: 'English' },
        ],
        onClick: ({ key }) => onChoose(key as Language),
      }}
    >
      {children}
    </Dropdown>
  );
}
