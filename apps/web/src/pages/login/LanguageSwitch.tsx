import { GlobalOutlined } from '@ant-design/icons';
import type { Language } from '@aos/contract';
import { Button } from 'antd';
import { type ReactElement, Suspense, lazy, useState } from 'react';

// Without its chunk (offline, a new version deployed) the button stays, without a menu, until a reload.
const LanguageMenu = lazy(() =>
  import('./LanguageMenu').catch(() => ({ default: ({ children }: { children: ReactElement }) => children })),
);

/** The language button of the sign-in page; its menu is loaded when the user points at it or focuses it. */
export function LanguageSwitch({
  language,
  onChoose,
}: {
  language: Language;
  onChoose: (language: Language) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const button = (
    <Button
      className="login__lang"
      type="text"
      icon={<GlobalOutlined />}
      data-testid="login-language"
      onMouseEnter={want}
      onFocus={want}
      onClick={want}
    >
      {language === 'en-US' ? 'English' : '简体中文'}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu onChoose={onChoose}>{button}</LanguageMenu>
    </Suspense>
  );
}
