import { Stack } from '@mantine/core';
import { RouteAction } from '../../../components/route-action';
import { Block } from './block';

/** What members come to do: get refunded, prepare upcoming care, update their file by sharing a proof. */
export function ActionsBlock() {
  return (
    <Block title="Que souhaitez-vous faire ?">
      <Stack gap="sm">
        <RouteAction route="getRefund" fullWidth>
          Me faire rembourser
        </RouteAction>
        <RouteAction route="prepareTreatment" fullWidth variant="light">
          Préparer un soin à venir
        </RouteAction>
        <RouteAction route="docSharing" fullWidth variant="light">
          Mettre à jour mon dossier / partager un justificatif
        </RouteAction>
      </Stack>
    </Block>
  );
}
