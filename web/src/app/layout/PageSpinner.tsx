import { Flex, Spin } from 'antd';

/** While a page's code or data loads. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
