import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  NODE_KINDS,
  NODE_KIND_LABELS,
  type FlowError,
  type NodeKind,
} from '@freguesia/shared/schemas/customer-service';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../../api/client';
import {
  rejectedFlowErrors,
  useChannelFlow,
  useDepartments,
  useSaveChannelFlow,
  useServiceChannels,
} from '../../../api/customer-service';
import { notify } from '../../../app/notifications/notify';
import { useLeaveGuard } from '../../../components/discard-changes';
import {
  FLOW_SAVED,
  checkGraph,
  connect,
  errorsByNode,
  flowText,
  graphFromText,
  keepValidEdges,
  newNode,
  placeNew,
  type EditorEdge,
  type EditorGraph,
  type EditorNode,
} from './flow-graph';
import { FlowCard, FlowCardContext, type FlowCardNode } from './flow-node';
import { KIND_DESCRIPTIONS } from './kind-descriptions';
import { NodePanel } from './node-panel';
import './flow.css';

const FIT = { maxZoom: 1, padding: 0.15 };

const NODE_TYPES: NodeTypes = Object.fromEntries(NODE_KINDS.map((k) => [k, FlowCard]));

const toCanvasNode = (n: EditorNode): FlowCardNode => ({
  id: n.id,
  type: n.type,
  position: n.position,
  data: n.data,
  deletable: n.type !== 'Start',
});
const toCanvasEdge = (e: EditorEdge): Edge => ({ ...e });
const toEditorGraph = (nodes: readonly FlowCardNode[], edges: readonly Edge[]): EditorGraph => ({
  nodes: nodes.map((n) => ({ id: n.id, type: n.type ?? '', position: n.position, data: n.data })),
  edges: edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle || 'next',
  })),
});

/** 'Adicionar componentes' → 'Selecione um componente': one button per kind (one Start only). */
function ComponentPicker({
  hasStart,
  onPick,
  onDismiss,
}: {
  hasStart: boolean;
  onPick: (kind: NodeKind) => void;
  onDismiss: () => void;
}) {
  return (
    <Modal
      visible
      size="large"
      header="Selecione um componente"
      closeAriaLabel="Fechar"
      onDismiss={onDismiss}
      data-testid="flow-picker"
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss}>
            Cancelar
          </Button>
        </Box>
      }
    >
      <div className="flow-picker">
        {NODE_KINDS.map((kind) => {
          const disabled = kind === 'Start' && hasStart;
          return (
            <button
              key={kind}
              type="button"
              className={`flow-picker-item flow-kind-${kind}`}
              disabled={disabled}
              title={disabled ? 'O fluxo já tem um Início' : undefined}
              onClick={() => onPick(kind)}
              data-testid={`flow-pick-${kind}`}
            >
              <strong>{NODE_KIND_LABELS[kind]}</strong>
              <span>{KIND_DESCRIPTIONS[kind]}</span>
            </button>
          );
        })}
      </div>
    </Modal>
  );
}

/** The problems list: each names its node; clicking one selects the node. */
function ProblemList({
  header,
  errors,
  onSelect,
}: {
  header: string;
  errors: readonly FlowError[];
  onSelect: (id: string) => void;
}) {
  return (
    <Alert type="error" header={header} data-testid="flow-errors">
      <ul className="flow-problems">
        {errors.map((e, index) => (
          <li key={`${index}-${e.message}`}>
            {e.node ? (
              <Button variant="inline-link" onClick={() => onSelect(e.node as string)}>
                {e.message}
              </Button>
            ) : (
              e.message
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function FlowEditor({
  channelId,
  initialText,
  channelName,
}: {
  channelId: number;
  initialText: string;
  channelName?: string;
}) {
  const initial = useMemo(() => graphFromText(initialText), [initialText]);
  const [nodes, setNodes] = useState<FlowCardNode[]>(() => initial.nodes.map(toCanvasNode));
  const [edges, setEdges] = useState<Edge[]>(() => initial.edges.map(toCanvasEdge));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [rejected, setRejected] = useState<{ message: string; errors: FlowError[] } | null>(null);
  const save = useSaveChannelFlow();
  const departments = useDepartments();
  const navigate = useNavigate();
  const leave = useLeaveGuard(dirty);
  const flow = useReactFlow();

  const graph = useMemo(() => toEditorGraph(nodes, edges), [nodes, edges]);
  const errors = useMemo(() => checkGraph(graph), [graph]);
  const byNode = useMemo(() => errorsByNode([...errors, ...(rejected?.errors ?? [])]), [errors, rejected]);
  const departmentNames = useMemo(
    () => new Map((departments.data ?? []).map((d) => [d.id, d.name])),
    [departments.data],
  );
  const departmentOptions = useMemo(
    () =>
      (departments.data ?? [])
        .filter((d) => d.active)
        .sort((a, b) => Number(b.id_channel === channelId) - Number(a.id_channel === channelId))
        .map((d) => ({ value: String(d.id), label: d.name })),
    [departments.data, channelId],
  );
  const cardContext = useMemo(
    () => ({ errors: byNode, showErrors, departments: departmentNames }),
    [byNode, showErrors, departmentNames],
  );
  const selected = graph.nodes.find((n) => n.id === selectedId);

  const changed = useCallback(() => {
    setDirty(true);
    setRejected(null);
  }, []);

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowCardNode>[]) => {
      setNodes((current) => applyNodeChanges(changes, current));
      if (changes.some((c) => c.type === 'position' || c.type === 'remove' || c.type === 'add')) changed();
      for (const c of changes) if (c.type === 'remove') setSelectedId((s) => (s === c.id ? null : s));
    },
    [changed],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      setEdges((current) => applyEdgeChanges(changes, current));
      if (changes.some((c) => c.type === 'remove')) changed();
    },
    [changed],
  );
  const onConnect = useCallback(
    (link: Connection) => {
      setEdges((current) =>
        connect(toEditorGraph(nodes, current).edges, toEditorGraph(nodes, []).nodes, link).map(toCanvasEdge),
      );
      changed();
    },
    [nodes, changed],
  );

  function selectNode(id: string) {
    setSelectedId(id);
    setNodes((current) => current.map((n) => ({ ...n, selected: n.id === id })));
    const node = nodes.find((n) => n.id === id);
    if (node) void flow.setCenter(node.position.x + 120, node.position.y + 60, { zoom: 1, duration: 300 });
  }

  function updateData(id: string, data: Record<string, unknown>) {
    const next = nodes.map((n) => (n.id === id ? { ...n, data } : n));
    setNodes(next);
    setEdges((current) => {
      const g = toEditorGraph(next, current);
      return keepValidEdges(g.nodes, g.edges).map(toCanvasEdge);
    });
    changed();
  }

  function removeNode(id: string) {
    setNodes((current) => current.filter((n) => n.id !== id));
    setEdges((current) => current.filter((e) => e.source !== id && e.target !== id));
    setSelectedId(null);
    changed();
  }

  function addNode(kind: NodeKind) {
    const node = newNode(kind, graph.nodes, placeNew(graph.nodes, selectedId));
    setNodes((current) => [
      ...current.map((n) => ({ ...n, selected: false })),
      { ...toCanvasNode(node), selected: true },
    ]);
    setSelectedId(node.id);
    setPicking(false);
    changed();
    void flow.setCenter(node.position.x + 110, node.position.y + 60, { zoom: flow.getZoom(), duration: 300 });
  }

  async function submit() {
    setShowErrors(true);
    setRejected(null);
    if (errors.length > 0) return;
    try {
      await save.mutateAsync({ id_channel: channelId, flow: flowText(graph) });
      notify({ type: 'success', header: FLOW_SAVED });
      setDirty(false);
    } catch (error) {
      const message = failureMessage(error);
      setRejected({ message, errors: rejectedFlowErrors(error) });
      notify({ type: 'error', header: 'Erro ao alterar o fluxo', content: message });
    }
  }

  function cancel() {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/settings/platform');
  }

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        description={
          channelName
            ? `Canal ${channelName}. Ligue as saídas (à direita) às entradas (à esquerda); clique num componente para editar seus campos.`
            : 'Ligue as saídas (à direita) às entradas (à esquerda); clique num componente para editar seus campos.'
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={cancel} data-testid="flow-cancel">
              Cancelar
            </Button>
            <Button iconName="add-plus" onClick={() => setPicking(true)} data-testid="flow-add">
              Adicionar componentes
            </Button>
            <Button
              variant="primary"
              loading={save.isPending}
              onClick={() => void submit()}
              data-testid="flow-save"
            >
              Salvar
            </Button>
          </SpaceBetween>
        }
      >
        Fluxo de Atendimento
      </Header>
      {initial.problem && <Alert type="warning">{initial.problem}</Alert>}
      {showErrors && errors.length > 0 && (
        <ProblemList
          header="O fluxo não foi salvo: corrija os problemas abaixo."
          errors={errors}
          onSelect={selectNode}
        />
      )}
      {rejected && <ProblemList header={rejected.message} errors={rejected.errors} onSelect={selectNode} />}
      <Grid
        gridDefinition={
          selected
            ? [{ colspan: { default: 12, m: 8 } }, { colspan: { default: 12, m: 4 } }]
            : [{ colspan: 12 }]
        }
      >
        <div className="flow-canvas" data-testid="flow-canvas">
          <FlowCardContext.Provider value={cardContext}>
            <ReactFlow<FlowCardNode, Edge>
              nodes={nodes}
              edges={edges}
              nodeTypes={NODE_TYPES}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeClick={(_event, node) => setSelectedId(node.id)}
              onPaneClick={() => setSelectedId(null)}
              deleteKeyCode={['Delete', 'Backspace']}
              defaultEdgeOptions={{ type: 'smoothstep' }}
              fitView
              fitViewOptions={FIT}
              onInit={(instance) => {
                // The page's layout settles after the first paint: fit again once it has.
                window.setTimeout(() => void instance.fitView(FIT), 100);
              }}
              minZoom={0.2}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={16} />
              <Controls showInteractive={false} />
              <MiniMap pannable zoomable />
            </ReactFlow>
          </FlowCardContext.Provider>
        </div>
        {selected && (
          <NodePanel
            key={selected.id}
            node={selected}
            problems={byNode.get(selected.id) ?? []}
            departments={departmentOptions}
            onChange={(data) => updateData(selected.id, data)}
            onRemove={() => removeNode(selected.id)}
            onClose={() => setSelectedId(null)}
          />
        )}
      </Grid>
      {picking && (
        <ComponentPicker
          hasStart={nodes.some((n) => n.type === 'Start')}
          onPick={addNode}
          onDismiss={() => setPicking(false)}
        />
      )}
      {leave.modal}
    </SpaceBetween>
  );
}

/**
 * /settings/platform/channel/flow/:id (write Settings; spec part 3 §2 'Settings', §3 'Bot flow
 * nodes'; issue 24 item 4): 'Fluxo de Atendimento', the channel's bot flow in a visual editor
 * (@xyflow/react), checked with the shared validateFlow before PUT; lazy-loaded with its route.
 */
export default function FlowPage() {
  const params = useParams();
  const channelId = Number(params.id);
  const valid = Number.isInteger(channelId) && channelId > 0;
  const flow = useChannelFlow(valid ? channelId : 0);
  const channels = useServiceChannels();
  const channelName = channels.data?.find((c) => c.id === channelId)?.description;

  if (!valid) return <Alert type="error">Canal não encontrado.</Alert>;
  if (flow.error)
    return (
      <Alert type="error" header="Não foi possível carregar o fluxo">
        {failureMessage(flow.error)}
      </Alert>
    );
  if (!flow.data)
    return (
      <Container>
        <Spinner size="large" />
      </Container>
    );
  return (
    <ReactFlowProvider>
      <FlowEditor channelId={channelId} initialText={flow.data.flow} channelName={channelName} />
    </ReactFlowProvider>
  );
}
