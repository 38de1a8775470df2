import type zhCN from './locale.zh-CN';

export default {
  region: {
    title: 'division',
    code: 'Code',
    name: 'Name',
    parentCode: 'Parent code',
    parentHint: '00 for a province; a lower division’s code starts with its parent’s',
    level: 'Level',
    level1: 'Province',
    level2: 'City',
    level3: 'District / county',
    level4: 'Town',
    level5: 'Village',
    ancestors: 'Ancestor codes',
    provinceName: 'Province',
    cityName: 'City',
    districtName: 'District / county',
    townName: 'Town',
    sort: 'Sort',
    remark: 'Remark',
    addChild: 'Add below',
    platformOnly:
      'Administrative divisions are maintained by the platform and shared by every tenant: this tenant can only read them.',
  },
} satisfies typeof zhCN;
