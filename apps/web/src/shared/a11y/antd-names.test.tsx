import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import SearchSvg from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { fireEvent, render, screen } from '@testing-library/react';
import {
  Alert,
  Button,
  Cascader,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Radio,
  Rate,
  Segmented,
  Select,
  Switch,
  Table,
  Tabs,
  Tag,
  Upload,
} from 'antd';
import { describe, expect, it } from 'vitest';
import AntdScope from '@/app/antd-scope';
import { decorative } from './decorative-icon';
import { ANTD_NAME_PATCHES, iconBaseFor, patchAntdSource } from './vite-plugins';

/**
 * antd's built-in labels (and icon names) must not be read out in English. The site's ConfigProvider (zh_CN) names
 * most of them; the few antd writes as English literals, and the controls it leaves unnamed, are patched at build
 * time (ANTD_NAME_PATCHES), and icons are made decorative at build time (decorativeIcons). Unit tests run antd's
 * CommonJS build, which the build's plugins do not touch, so here: everything the locale must name is checked on
 * the rendered controls, and the build's patches are checked on the installed files they apply to.
 */

/** An English word or phrase (as in the browser tests' support/axe.ts). */
const ENGLISH = /^[A-Za-z][A-Za-z \-_.]*[A-Za-z]$/;
/** English the build replaces: the quoted literals of ANTD_NAME_PATCHES that are English. */
const IMAGE_OPERATIONS = ['prev', 'next', 'flipY', 'flipX', 'rotateLeft', 'rotateRight', 'zoomOut', 'zoomIn'];
const REPLACED_AT_BUILD = ANTD_NAME_PATCHES.flatMap((r) =>
  [...r.from.matchAll(/(['"])([A-Za-z][A-Za-z ]+)\1/g)]
    .map((m) => m[0]!)
    .filter((quoted) => !r.to.includes(quoted))
    .map((quoted) => quoted.slice(1, -1)),
).concat(IMAGE_OPERATIONS);

const ATTRIBUTES = [
  'aria-label',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'alt',
  'placeholder',
];
const CONTROLS =
  'button, a[href], input, select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=option], [role=menuitem], [role=spinbutton], [role=combobox]';

/** Exposed to assistive technology: not inside an aria-hidden subtree, not an icon (decorative in the build). */
const exposed = (el: Element) => !el.closest('[aria-hidden="true"], .anticon');

/** Every English label, title or placeholder exposed in the document, as `attr="value" on <element…>`. */
function englishNames(): string[] {
  const found = new Set<string>();
  for (const el of document.querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(','))) {
    if (!exposed(el)) continue;
    for (const attr of ATTRIBUTES) {
      const value = el.getAttribute(attr)?.trim() ?? '';
      if (ENGLISH.test(value)) found.add(`${attr}="${value}" on ${el.outerHTML.slice(0, 100)}`);
    }
  }
  return [...found];
}

/** Controls whose only name is an icon's (English) name: unnamed once the build makes icons decorative. */
function namedOnlyByIcons(): string[] {
  const found: string[] = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (!exposed(el) || el.matches('input[type=hidden]') || (el as HTMLElement).style.visibility === 'hidden')
      continue;
    if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title'))
      continue;
    if (
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    )
      continue;
    const clone = el.cloneNode(true) as Element;
    clone.querySelectorAll('.anticon, [aria-hidden="true"]').forEach((n) => n.remove());
    if (!clone.textContent?.trim() && el.querySelector('.anticon')) found.push(el.outerHTML.slice(0, 400));
  }
  return found;
}

/** The findings the build does not patch (what the locale or a prop must fix). */
const notPatched = (names: string[]) =>
  names.filter((n) => !REPLACED_AT_BUILD.some((text) => n.startsWith(`aria-label="${text}"`)));

const ROWS = Array.from({ length: 12 }, (_, i) => ({ key: i, name: `学员${i}`, hours: i }));

function Controls() {
  return (
    <>
      <Select
        open
        allowClear
        defaultValue="a"
        aria-label="类别"
        options={[
          { value: 'a', label: '甲' },
          { value: 'b', label: '乙' },
        ]}
      />
      <Select
        mode="multiple"
        allowClear
        defaultValue={['a']}
        aria-label="多选"
        options={[{ value: 'a', label: '甲' }]}
      />
      <Cascader
        open
        allowClear
        aria-label="地区"
        defaultValue={['henan']}
        options={[{ value: 'henan', label: '河南' }]}
      />
      <InputNumber aria-label="数量" defaultValue={1} />
      <DatePicker open aria-label="日期" />
      <DatePicker.RangePicker aria-label="时段" />
      <Input aria-label="关键词" allowClear defaultValue="财务" />
      <Input.Password aria-label="密码" defaultValue="secret" />
      <Input.Search aria-label="搜索" />
      <Segmented aria-label="状态" options={['全部', '已处理']} />
      <Pagination total={200} showSizeChanger showQuickJumper />
      <Table
        rowSelection={{}}
        expandable={{ expandedRowRender: (r) => r.name }}
        dataSource={ROWS}
        columns={[
          {
            title: '姓名',
            dataIndex: 'name',
            sorter: (a, b) => a.name.localeCompare(b.name),
            filters: [{ text: '学员1', value: '学员1' }],
          },
          { title: '学时', dataIndex: 'hours' },
        ]}
        pagination={{ pageSize: 5 }}
      />
      <Upload fileList={[{ uid: '1', name: '证书.pdf', status: 'done', url: '/x.pdf' }]}>
        <Button>上传文件</Button>
      </Upload>
      <Upload
        listType="picture-card"
        fileList={[{ uid: '2', name: '头像.png', status: 'done', url: '/x.png' }]}
      />
      <Image src="/x.png" alt="证书照片" preview={{ open: true }} />
      <Tabs
        items={[
          { key: '1', label: '基本信息', children: '内容' },
          { key: '2', label: '学习记录', children: '内容' },
        ]}
      />
      <Checkbox>同意</Checkbox>
      <Radio.Group options={['是', '否']} />
      <Switch aria-label="关怀模式" />
      <Rate defaultValue={3} />
      <Tag closable>标签</Tag>
      <Alert closable title="提示" />
      <Modal open title="确认">
        内容
      </Modal>
      <Drawer open title="详情">
        内容
      </Drawer>
    </>
  );
}

describe("antd's controls under the site's ConfigProvider", () => {
  it('read out no English name or label but the few the build patches, and every one of those is still there to patch', async () => {
    render(
      <AntdScope>
        <Controls />
      </AntdScope>,
    );
    await screen.findByText('内容', { selector: '.ant-modal-body' });
    const names = englishNames();
    expect(notPatched(names)).toEqual([]);
    // The English these controls carry in antd is what the build patches (were it gone, the exception would hide
    // nothing, or the list above lost the control).
    for (const text of ['Increase Value', 'Decrease Value', 'Clear', 'Select all'])
      expect(
        names.some((n) => n.startsWith(`aria-label="${text}"`)),
        text,
      ).toBe(true);
  });

  it('name every control without the icons (which the build hides), but those the build names', async () => {
    render(
      <AntdScope>
        <Controls />
      </AntdScope>,
    );
    await screen.findByText('内容', { selector: '.ant-modal-body' });
    // Named by the build (ANTD_NAME_PATCHES): Pagination's previous/next, Input.Search's and Input's clear buttons,
    // Rate's stars, Table's filter trigger, Alert's and the image preview's close buttons.
    const byBuild =
      /class="ant-pagination-item-link"|ant-input-search-btn|ant-input-clear-icon|ant-table-filter-trigger|ant-alert-close-icon|ant-image-preview-close|role="radio" aria-checked="\w+" aria-posinset/;
    const unnamed = namedOnlyByIcons().filter((html) => !byBuild.test(html));
    expect(unnamed).toEqual([]);
  });
});

describe('antd form errors', () => {
  it("tie a field's error to the field (the build makes the error line an alert, see ANTD_NAME_PATCHES)", async () => {
    render(
      <AntdScope>
        <Form>
          <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }]}>
            <Input />
          </Form.Item>
          <Button htmlType="submit">提交</Button>
        </Form>
      </AntdScope>,
    );
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    const message = await screen.findByText('请输入手机号');
    const field = screen.getByLabelText('手机号');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const help = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(help).toContainElement(message);
  });
});

describe('build-time patches of antd', () => {
  const require = createRequire(import.meta.url);
  const files = [
    '@rc-component/input-number/es/StepHandler.js',
    '@rc-component/segmented/es/index.js',
    '@rc-component/select/es/hooks/useAllowClear.js',
    'antd/es/table/hooks/useSelection.js',
    '@rc-component/dialog/es/Dialog/Content/Panel.js',
    '@rc-component/notification/es/Notification.js',
    'antd/es/pagination/Pagination.js',
    'antd/es/input/Search.js',
    '@rc-component/rate/es/Star.js',
    '@rc-component/input/es/BaseInput.js',
    'antd/es/table/hooks/useFilter/FilterDropdown.js',
    'antd/es/alert/Alert.js',
    '@rc-component/image/es/Preview/Footer.js',
    '@rc-component/image/es/Preview/CloseBtn.js',
    '@rc-component/tabs/es/TabNavList/OperationNode.js',
    '@rc-component/tabs/es/TabNavList/TabNode.js',
    '@rc-component/tabs/es/TabNavList/index.js',
    '@rc-component/table/es/Table.js',
    'antd/es/form/ErrorList.js',
  ];

  it.each(files)('finds and patches the installed %s', (file) => {
    const path = require.resolve(file);
    const code = readFileSync(path, 'utf8');
    const out = patchAntdSource(code, path);
    expect(out).not.toBeNull();
    for (const rule of ANTD_NAME_PATCHES.filter((r) => r.file.test(path))) {
      expect(out).toContain(rule.to);
      // A replaced literal is gone (a patch that adds a name keeps the code it follows).
      if (!rule.to.includes(rule.from)) expect(out).not.toContain(rule.from);
    }
  });

  it('covers every rule with one of those files', () => {
    for (const rule of ANTD_NAME_PATCHES)
      expect(files.some((f) => rule.file.test(require.resolve(f)))).toBe(true);
  });

  it('refuses a file whose literal is gone (an antd upgrade moved it)', () => {
    expect(() =>
      patchAntdSource('export default 1;', '/x/node_modules/@rc-component/input-number/es/StepHandler.js'),
    ).toThrow(/not found/);
  });
});

describe('decorative icons', () => {
  it("redirects the icon files' import of the library's base components, and nothing else", () => {
    const icon = '/repo/node_modules/@ant-design/icons/es/icons/SearchOutlined.js';
    expect(iconBaseFor('../components/AntdIconLight', icon)).toBe('./decorative-icon-light.ts');
    expect(iconBaseFor('../components/AntdIcon', icon)).toBe('./decorative-icon-two-tone.ts');
    expect(
      iconBaseFor('../components/AntdIconLight', '/repo/apps/web/src/shared/a11y/decorative-icon-light.ts'),
    ).toBeNull();
    expect(iconBaseFor('./Context', icon)).toBeNull();
  });

  it('hides an icon without a name and keeps the Chinese name given to one', () => {
    const Icon = decorative(AntdIconLight);
    render(
      <>
        <Icon icon={SearchSvg} data-testid="plain" />
        <Icon icon={SearchSvg} aria-label="搜索" data-testid="named" />
      </>,
    );
    const plain = screen.getByTestId('plain');
    expect(plain).toHaveAttribute('aria-hidden', 'true');
    expect(plain).not.toHaveAttribute('role');
    expect(plain).not.toHaveAttribute('aria-label');
    expect(screen.getByRole('img', { name: '搜索' })).toBe(screen.getByTestId('named'));
  });
});
