import {
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Divider,
  Dropdown,
  Empty,
  Flex,
  Input,
  Layout,
  Menu,
  Popover,
  Row,
  Spin,
  Statistic,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { whenIdle } from '../deferred';

const MENU = [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }];
const TABS = [{ key: 'a', label: 'a' }];

/** The antd components of the shell's frame (top bar, sidebar, tabs). */
function ShellParts() {
  return (
    <App>
      <Layout>
        <Layout.Sider>
          <Menu mode="inline" theme="dark" items={MENU} />
        </Layout.Sider>
        <Layout>
          <Layout.Header>
            <Menu mode="horizontal" items={MENU} />
            <Input />
            <Dropdown menu={{ items: MENU }}>
              <Button>a</Button>
            </Dropdown>
            <Tooltip title="a">
              <Button type="text">a</Button>
            </Tooltip>
            <Popover content="a">
              <Badge count={1}>
                <Avatar />
              </Badge>
            </Popover>
          </Layout.Header>
          <Tabs items={TABS} size="small" />
          <Layout.Content>
            <Spin />
            <Divider />
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}

/** The antd components of the home page. */
function HomeParts() {
  return (
    <Row>
      <Col span={24}>
        <Card title="a">
          <Flex>
            <Statistic value={1} />
            <Tag>a</Tag>
            <Typography.Title level={4}>a</Typography.Title>
            <Typography.Text>a</Typography.Text>
            <Empty />
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}

/**
 * Rendered hidden while the sign-in form is filled in (app/style-warmup.tsx): the shell's parts,
 * then, when the browser is idle again, the home page's, so that neither holds up typing for long.
 */
export function StyleWarmup() {
  const [withHome, setWithHome] = useState(false);
  useEffect(() => whenIdle(() => setWithHome(true)), []);
  return (
    <div hidden aria-hidden="true">
      <ShellParts />
      {withHome && <HomeParts />}
    </div>
  );
}
