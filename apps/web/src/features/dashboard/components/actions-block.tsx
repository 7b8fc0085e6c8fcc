import { Stack } from '@mantine/core';
import { RouteAction } from '../../../components/route-action';
import { Block } from './block';
import classes from './dashboard.module.css';

const wrap = { root: classes.wrapButton, label: classes.wrapLabel };

/** What members come to do: get refunded, prepare upcoming care, update their file by sharing a proof. */
export function ActionsBlock() {
  return (
    <Block title="Que souhaitez-vous faire&nbsp;?">
      <Stack gap="sm">
        <RouteAction route="getRefund" fullWidth classNames={wrap}>
          Me faire rembourser
        </RouteAction>
        <RouteAction route="prepareTreatment" fullWidth variant="light" classNames={wrap}>
          Préparer un soin à venir
        </RouteAction>
        <RouteAction route="docSharing" fullWidth variant="light" classNames={wrap}>
          Mettre à jour mon dossier / partager un justificatif
        </RouteAction>
      </Stack>
    </Block>
  );
}
