import { ReloadOutlined } from '@ant-design/icons';
import type { FleetHospital } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Input, Row, Statistic, Switch, theme, Typography } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as fleetApi from '../../../api/business/fleet';
import { RequestError } from '../../../api/request';
import './fleet.css';
import './locales';

/** The board is asked again this often while it is on screen: heartbeats are not pushed (ms). */
export const FLEET_REFRESH_MS = 15_000;
/** Under 'fleet': the server's change events and a cache clear reach it by that name. */
export const FLEET_QUERY_KEY = ['fleet', 'overview'] as const;
/**
 * The machine page a hospital opens. The crud kit reads no filters from the address (nor any other
 * search preset), so it opens the machine page as it is: the hospital is chosen there.
 */
export const MACHINE_PAGE = '/business/machine/index';

/** The sums of the hospitals' figures. */
type Totals = Omit<FleetHospital, 'hospitalId' | 'hospitalName'>;
const FIGURES = ['machines', 'online', 'offline', 'fault', 'slots', 'slotsInUse', 'slotsFault'] as const;

function totalsOf(hospitals: readonly FleetHospital[]): Totals {
  const totals = Object.fromEntries(FIGURES.map((key) => [key, 0])) as Totals;
  for (const hospital of hospitals) for (const key of FIGURES) totals[key] += hospital[key];
  return totals;
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const twoDigits = (value: number) => String(value).padStart(2, '0');
const clockOf = (time: number) => {
  const date = new Date(time);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
};

/** A hospital with an offline or faulty machine. */
const troubled = (hospital: FleetHospital) => hospital.offline > 0 || hospital.fault > 0;

/** The colours of the figures: online green, offline amber and fault red while there are any. */
function useFigureColors() {
  const { token } = theme.useToken();
  return {
    online: token.colorSuccess,
    offline: (count: number) => (count > 0 ? token.colorWarning : undefined),
    fault: (count: number) => (count > 0 ? token.colorError : undefined),
  };
}

/** The sums over every hospital the answer holds (the filters narrow the list below only). */
function TotalFigures({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const colors = useFigureColors();
  const figures: { key: Exclude<keyof Totals, 'slots'>; color?: string; suffix?: string }[] = [
    { key: 'machines' },
    { key: 'online', color: colors.online },
    { key: 'offline', color: colors.offline(totals.offline) },
    { key: 'fault', color: colors.fault(totals.fault) },
    { key: 'slotsInUse', suffix: `/ ${totals.slots}` },
    { key: 'slotsFault', color: colors.fault(totals.slotsFault) },
  ];
  return (
    <Row gutter={[12, 12]} role="group" aria-label={t('business.fleet.totals.label')}>
      {figures.map(({ key, color, suffix }) => (
        <Col key={key} xs={12} sm={8} xl={4}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic
              title={t(`business.fleet.totals.${key}`)}
              value={totals[key]}
              suffix={suffix}
              styles={{ content: { color } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** One hospital: its machines online / offline / at fault and its slots; opens the machine page. */
function HospitalCard({ hospital }: { hospital: FleetHospital }) {
  const { t } = useTranslation();
  const colors = useFigureColors();
  const name = hospital.hospitalName ?? t('business.fleet.hospital.noHospital');
  const share = percentOf(hospital.online, hospital.machines);
  const figure = (label: string, value: ReactNode, color?: string) => (
    <div className="fleet-figure">
      <dt>{label}</dt>
      <dd style={{ color }}>{value}</dd>
    </div>
  );

  return (
    <Link
      // The machine page searching for the hospital's machines (the CRUD kit's starting search).
      to={hospital.hospitalId ? `${MACHINE_PAGE}?hospitalId=${hospital.hospitalId}` : MACHINE_PAGE}
      className="fleet-hospital"
      aria-label={t('business.fleet.hospital.label', { name, ...hospital })}
    >
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Flex justify="space-between" align="baseline" gap={8}>
          <Typography.Text
            strong
            ellipsis={{ tooltip: false }}
            title={name}
            type={hospital.hospitalName === null ? 'secondary' : undefined}
            style={{ minWidth: 0 }}
          >
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ flex: 'none' }}>
            {t('business.fleet.hospital.machines', { n: hospital.machines })}
          </Typography.Text>
        </Flex>
        <dl className="fleet-figures">
          {figure(t('business.fleet.hospital.online'), hospital.online, colors.online)}
          {figure(t('business.fleet.hospital.offline'), hospital.offline, colors.offline(hospital.offline))}
          {figure(t('business.fleet.hospital.fault'), hospital.fault, colors.fault(hospital.fault))}
        </dl>
        <span className="fleet-meter" aria-hidden>
          <span style={{ width: `${share}%` }} />
        </span>
        <Typography.Text type="secondary" className="fleet-share">
          {t('business.fleet.hospital.onlineShare', { percent: share })}
        </Typography.Text>
        <dl className="fleet-figures fleet-slots">
          {figure(t('business.fleet.hospital.slots'), `${hospital.slotsInUse} / ${hospital.slots}`)}
          {figure(
            t('business.fleet.hospital.slotsFault'),
            hospital.slotsFault,
            colors.fault(hospital.slotsFault),
          )}
        </dl>
      </Card>
    </Link>
  );
}

/** The hospitals, filtered here over the answer: by name, and to those with trouble. */
function Hospitals({ hospitals }: { hospitals: readonly FleetHospital[] }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [onlyTroubled, setOnlyTroubled] = useState(false);
  const switchId = useId();
  const noHospital = t('business.fleet.hospital.noHospital');

  const shown = useMemo(() => {
    const wanted = name.trim().toLocaleLowerCase();
    return hospitals.filter(
      (hospital) =>
        (!onlyTroubled || troubled(hospital)) &&
        (wanted === '' || (hospital.hospitalName ?? noHospital).toLocaleLowerCase().includes(wanted)),
    );
  }, [hospitals, name, onlyTroubled, noHospital]);

  const clear = () => {
    setName('');
    setOnlyTroubled(false);
  };

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={16} wrap>
        <Input
          allowClear
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('business.fleet.filter.namePlaceholder')}
          aria-label={t('business.fleet.filter.name')}
          style={{ width: 240 }}
        />
        <Flex align="center" gap={8}>
          <Switch id={switchId} checked={onlyTroubled} onChange={setOnlyTroubled} />
          <label htmlFor={switchId}>{t('business.fleet.filter.troubled')}</label>
        </Flex>
        <Typography.Text type="secondary" aria-live="polite">
          {t('business.fleet.filter.shown', { shown: shown.length, total: hospitals.length })}
        </Typography.Text>
      </Flex>
      {shown.length === 0 ? (
        <Card size="small">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('business.fleet.filter.none')}>
            <Button onClick={clear}>{t('business.fleet.filter.clear')}</Button>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[12, 12]} role="list" aria-label={t('business.fleet.hospital.list')}>
          {shown.map((hospital) => (
            <Col key={hospital.hospitalId ?? ''} role="listitem" xs={24} sm={12} lg={8} xl={6}>
              <HospitalCard hospital={hospital} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}

/**
 * 设备总览 (menu fleet): the machines of each hospital the user sees, online, offline and at fault,
 * and their slots in use and at fault, with the sums above (api/business/fleet, one call). Asked
 * when the page shows and every 15 s while it is on screen (heartbeats are not pushed; TanStack
 * Query does not poll a hidden document). A hospital opens the machine page searching for its machines. While the first answer
 * is on its way: placeholders; a failed first answer: the reason and 重试; no machines: an empty
 * state.
 */
export default function FleetPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: FLEET_QUERY_KEY,
    // Once the board is shown, reading it again is the page's doing, not the person's.
    queryFn: () => fleetApi.overview(queryClient.getQueryData(FLEET_QUERY_KEY) !== undefined),
    refetchInterval: FLEET_REFRESH_MS,
  });
  const { data } = query;
  const totals = useMemo(() => (data ? totalsOf(data) : undefined), [data]);

  let body: ReactNode;
  if (data === undefined && query.isError) {
    body = (
      <Card>
        <Flex vertical align="flex-start" gap={8} role="alert">
          <Typography.Text strong>{t('business.fleet.loadFailed')}</Typography.Text>
          <Typography.Text type="secondary">
            {query.error instanceof RequestError ? query.error.message : t('business.fleet.unreachable')}
          </Typography.Text>
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('business.fleet.retry')}
          </Button>
        </Flex>
      </Card>
    );
  } else if (data === undefined || totals === undefined) {
    body = (
      <div role="status" aria-busy="true" aria-label={t('business.fleet.loading')}>
        <Row gutter={[12, 12]}>
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Col key={key} xs={12} sm={8} xl={4}>
              <Card size="small" loading />
            </Col>
          ))}
          {[0, 1, 2, 3].map((key) => (
            <Col key={`h${key}`} xs={24} sm={12} lg={8} xl={6}>
              <Card size="small" loading />
            </Col>
          ))}
        </Row>
      </div>
    );
  } else if (totals.machines === 0) {
    body = (
      <Card>
        <Empty
          description={
            <>
              <Typography.Text strong>{t('business.fleet.empty.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('business.fleet.empty.description')}</Typography.Text>
            </>
          }
        />
      </Card>
    );
  } else {
    body = (
      <>
        <TotalFigures totals={totals} />
        <Hospitals hospitals={data} />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title id={titleId} level={4} style={{ margin: 0 }}>
            {t('business.fleet.title')}
          </Typography.Title>
          <Flex align="center" gap={8} wrap>
            {data !== undefined && query.isError && (
              <Typography.Text type="warning" role="alert">
                {t('business.fleet.refreshFailed')}
              </Typography.Text>
            )}
            {data !== undefined && (
              <Typography.Text type="secondary">
                {t('business.fleet.updatedAt', { time: clockOf(query.dataUpdatedAt) })}
              </Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('business.fleet.refresh')}
              title={t('business.fleet.refresh')}
              loading={query.isFetching && data !== undefined}
              onClick={() => void query.refetch()}
            />
          </Flex>
        </Flex>
        {body}
      </Flex>
    </section>
  );
}
