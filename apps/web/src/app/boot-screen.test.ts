// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHUNK_LOAD_TIMEOUT_MS } from '@aos/contract/rules';
import { beforeEach, describe, expect, it } from 'vitest';

/** index.html's start-up script (the inline one that sets window.__AOS_BOOT__). */
const html = readFileSync(path.join(fileURLToPath(import.meta.url), '../../../index.html'), 'utf8');
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1]!)
  .find((text) => text.includes('__AOS_BOOT__'))!;

function startPage() {
  document.body.innerHTML = '<div id="boot"><div class="spinner"></div><div class="title"></div></div>';
  new Function(script)();
  return document.getElementById('boot')!;
}

/** A script of the page whose file failed (a type the test DOM does not fetch: the event is the test's). */
function failedScript(src: string) {
  const element = document.createElement('script');
  element.type = 'text/x-not-fetched';
  element.src = src;
  document.head.append(element);
  element.dispatchEvent(new Event('error'));
}

beforeEach(() => {
  localStorage.clear();
  delete window.__AOS_CONFIG__;
});

describe('the start-up screen (index.html)', () => {
  it('says, in Chinese by default, that a file of the console failed, with a retry', () => {
    const boot = startPage();
    failedScript('/assets/index-ABC.js');
    expect(boot.dataset.state).toBe('failed');
    expect(boot.getAttribute('role')).toBe('alert');
    expect(boot.textContent).toContain('控制台加载失败');
    expect(boot.querySelector('button')?.textContent).toBe('重试');
  });

  it("uses the user's language, else the installation's default", () => {
    localStorage.setItem('aos-language', JSON.stringify({ dataType: 'string', content: 'en-US' }));
    let boot = startPage();
    failedScript('/assets/react-ABC.js');
    expect(boot.textContent).toContain('The console could not be loaded');
    expect(boot.querySelector('button')?.textContent).toBe('Retry');

    localStorage.clear();
    window.__AOS_CONFIG__ = { defaultLanguage: 'en-US' };
    boot = startPage();
    failedScript('/assets/index-ABC.js');
    expect(boot.getAttribute('lang')).toBe('en-US');
  });

  it('ignores files that are not the build, and every failure once the console has started', () => {
    const boot = startPage();
    failedScript('/config.js');
    expect(boot.dataset.state).toBeUndefined();
    expect(window.__AOS_BOOT__?.started()).toBe(true);
    failedScript('/assets/LoginPage-ABC.js'); // a screen's chunk: app/lazy.tsx shows its own retry
    expect(boot.dataset.state).toBeUndefined();
    expect(boot.querySelector('.spinner')).not.toBeNull();
  });

  it('tells main.tsx that it has failed already', () => {
    startPage();
    failedScript('/assets/index-ABC.js');
    expect(window.__AOS_BOOT__?.started()).toBe(false);
  });

  it('gives up waiting after the chunk timeout of spec §8', () => {
    expect(script).toContain(`setTimeout(fail, ${CHUNK_LOAD_TIMEOUT_MS})`);
  });
});
