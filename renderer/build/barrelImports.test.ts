import { describe, expect, it } from 'vitest';
import { readBarrelExports, rewriteBarrelImports } from './barrelImports';

const BARREL = `"use client";

import warning from './_util/warning';
export { default as App } from './app';
export { default as Button } from './button';
export { default as ConfigProvider } from "./config-provider";
export { default as theme } from './theme';
export const unstableSetRender = () => {};
`;

const exports = readBarrelExports(BARREL, 'antd/es');

describe('readBarrelExports', () => {
  it('maps each default re-export to its module under the prefix', () => {
    expect([...exports]).toEqual([
      ['App', 'antd/es/app'],
      ['Button', 'antd/es/button'],
      ['ConfigProvider', 'antd/es/config-provider'],
      ['theme', 'antd/es/theme'],
    ]);
  });

  it('leaves out what is not a default re-export', () => {
    expect(exports.has('unstableSetRender')).toBe(false);
    expect(exports.has('warning')).toBe(false);
  });
});

describe('rewriteBarrelImports', () => {
  it('imports each known name from its own module, keeping local names', () => {
    const code = `import { App as AntApp, Button, theme as antdTheme } from 'antd';\nconsole.log(AntApp, Button, antdTheme);`;
    expect(rewriteBarrelImports(code, 'antd', exports)).toBe(
      'import AntApp from "antd/es/app"; import Button from "antd/es/button"; import antdTheme from "antd/es/theme";\n' +
        'console.log(AntApp, Button, antdTheme);',
    );
  });

  it('reads statements over several lines and with double quotes, keeping the line count', () => {
    const code = 'import {\n  Button,\n  ConfigProvider,\n} from "antd";\nconsole.log(Button);';
    expect(rewriteBarrelImports(code, 'antd', exports)).toBe(
      'import Button from "antd/es/button"; import ConfigProvider from "antd/es/config-provider";\n\n\n\n' +
        'console.log(Button);',
    );
  });

  it('keeps names it does not know on the barrel', () => {
    expect(rewriteBarrelImports(`import { Button, unstableSetRender } from 'antd';`, 'antd', exports)).toBe(
      'import Button from "antd/es/button"; import { unstableSetRender } from "antd";',
    );
  });

  it('drops type-only names and leaves type-only statements alone', () => {
    expect(rewriteBarrelImports(`import { Button, type ButtonProps } from 'antd';`, 'antd', exports)).toBe(
      'import Button from "antd/es/button";',
    );
    expect(rewriteBarrelImports(`import type { ButtonProps } from 'antd';`, 'antd', exports)).toBeNull();
  });

  it('touches neither other packages nor deep imports of the same one', () => {
    const code = [
      `import { Button } from 'antd-extra';`,
      `import type { ColumnsType } from 'antd/es/table';`,
      `import { Link } from 'react-router-dom';`,
    ].join('\n');
    expect(rewriteBarrelImports(code, 'antd', exports)).toBeNull();
  });

  it('leaves what it cannot read as it is', () => {
    expect(rewriteBarrelImports(`import { Button /* the main one */ } from 'antd';`, 'antd', exports)).toBeNull();
    expect(rewriteBarrelImports(`import * as antd from 'antd';`, 'antd', exports)).toBeNull();
  });

  it('rewrites every statement in a module', () => {
    const code = `import { App } from 'antd';\nimport { Button } from 'antd';`;
    expect(rewriteBarrelImports(code, 'antd', exports)).toBe(
      'import App from "antd/es/app";\nimport Button from "antd/es/button";',
    );
  });
});
